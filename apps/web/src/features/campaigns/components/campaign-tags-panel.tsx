import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconLock, IconTagPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '@/components/tag-chips';
import { useTagCheckAndSend } from '@/components/tag-report';
import { TagsDialog } from '@/components/tags-dialog';
import { refocus } from '@/lib/refocus';
import { taggedContactKeys } from '@/lib/tags';
import { campaignQueryKeys } from '../api/campaign-query-keys';
import {
  type AddCampaignTagsInput,
  addCampaignTags,
  type RemoveCampaignTagsInput,
  removeCampaignTags,
} from '../api/campaign-tags';

/**
 * The campaign's tags (D17): every participant gets them when answering. Added with the choice to
 * tag those who answered already, removed one by one (contacts keep the tags they got); both
 * through D16's check. An archived campaign's tags cannot change.
 */
export const CampaignTagsSection = ({ campaign }: { campaign: Campaign }) => {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const [applyToPast, setApplyToPast] = useState(false);
  const [tried, setTried] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const locked = campaign.state === 'archived';
  // Those who answered already may get the tags (and join groups that invite them).
  const afterAdding = [campaignQueryKeys.all, ...taggedContactKeys];

  const add = useTagCheckAndSend<AddCampaignTagsInput>({
    call: async (input) => {
      const report = await addCampaignTags(input);
      if (input.callForCheck) setAdding(false);
      return report;
    },
    title: (input) => t('campaigns.tags.confirmAddTitle', { count: input.tags.length }),
    confirmLabel: t('campaigns.tags.confirmAdd'),
    intro: (input) => (
      <Text fz="sm">
        {t(input.applyToPast ? 'campaigns.tags.addsWithPast' : 'campaigns.tags.adds', {
          count: input.tags.length,
          tags: input.tags.join(', '),
        })}
      </Text>
    ),
    doneTitle: () => t('campaigns.tags.addedTitle'),
    failedTitle: t('campaigns.tags.failed'),
    invalidate: afterAdding,
    onDone: () => {
      setTags([]);
      setApplyToPast(false);
      setTried(false);
    },
    onExited: () => refocus(addButton),
  });

  const remove = useTagCheckAndSend<RemoveCampaignTagsInput>({
    call: removeCampaignTags,
    title: (input) => t('campaigns.tags.confirmRemoveTitle', { tag: input.tags.join(', ') }),
    confirmLabel: t('campaigns.tags.confirmRemove'),
    intro: () => <Text fz="sm">{t('campaigns.tags.removeText')}</Text>,
    danger: true,
    doneTitle: () => t('campaigns.tags.removedTitle'),
    failedTitle: t('campaigns.tags.failed'),
    // Contacts keep the tags they got: only the campaign changes.
    invalidate: [campaignQueryKeys.all],
    onExited: () => refocus(addButton),
  });

  const open = () => {
    setTags([]);
    setApplyToPast(false);
    setTried(false);
    setAdding(true);
  };
  // Tags the campaign has already are not sent again.
  const fresh = tags.filter((tag) => !campaign.tags.includes(tag));
  const check = () => {
    setTried(true);
    if (fresh.length === 0) return;
    add.start({ campaignId: campaign._id, tags: fresh, applyToPast });
  };
  const addError = !tried
    ? null
    : tags.length === 0
      ? t('campaigns.tags.noTags')
      : fresh.length === 0
        ? t('campaigns.tags.allThere')
        : null;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="campaign-tags-heading">
          {t('campaigns.tags.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('campaigns.tags.intro')}
        </Text>
        {locked ? (
          <Alert role="note" color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
            {t('campaigns.tags.lockedArchived')}
          </Alert>
        ) : null}
        <TagChips
          tags={campaign.tags}
          labelledBy="campaign-tags-heading"
          size="lg"
          none={t('campaigns.tags.none')}
          onRemove={locked ? undefined : (tag) => remove.start({ campaignId: campaign._id, tags: [tag] })}
          removeDisabled={remove.isPending}
        />
        {locked ? null : (
          <Group>
            <Button
              ref={addButton}
              variant="light"
              leftSection={<IconTagPlus size={16} aria-hidden />}
              onClick={open}
            >
              {t('campaigns.tags.add')}
            </Button>
          </Group>
        )}
      </Stack>
      <TagsDialog
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('campaigns.tags.addTitle')}
        label={t('campaigns.tags.addLabel')}
        description={t('campaigns.tags.addHint')}
        value={tags}
        onChange={setTags}
        error={addError}
        loading={add.isPending}
        onCheck={check}
      >
        <Switch
          label={t('campaigns.tags.applyToPast')}
          description={
            campaign.ticketCount > 0
              ? t('campaigns.tags.applyToPastHint', { count: campaign.ticketCount })
              : t('campaigns.tags.applyToPastNone')
          }
          checked={applyToPast}
          disabled={campaign.ticketCount === 0}
          onChange={(e) => setApplyToPast(e.currentTarget.checked)}
        />
      </TagsDialog>
      {add.dialog}
      {remove.dialog}
    </Paper>
  );
};
