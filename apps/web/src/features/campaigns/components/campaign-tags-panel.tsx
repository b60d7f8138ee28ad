import { Alert, Badge, Button, CloseButton, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconLock, IconTagPlus } from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTagCheckAndSend } from '@/components/tag-report';
import { TagsDialog } from '@/components/tags-dialog';
import { campaignQueryKeys } from '../api/campaign-query-keys';
import {
  type AddCampaignTagsInput,
  addCampaignTags,
  type RemoveCampaignTagsInput,
  removeCampaignTags,
} from '../api/campaign-tags';

/** Once a dialog has gone and the focus was lost with what it changed (a removed chip): `fallback`. */
export const refocus = (fallback: RefObject<HTMLElement | null>) => {
  const active = document.activeElement;
  if ((active === null || active === document.body || !active.isConnected) && fallback.current?.isConnected) {
    fallback.current.focus();
  }
};

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
  const invalidate = [campaignQueryKeys.all];

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
    invalidate,
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
    invalidate,
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
        {campaign.tags.length > 0 ? (
          <Group
            gap={6}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="campaign-tags-heading"
          >
            {campaign.tags.map((tag) => (
              <li key={tag}>
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  size="lg"
                  rightSection={
                    locked ? null : (
                      <CloseButton
                        size="xs"
                        onClick={() => remove.start({ campaignId: campaign._id, tags: [tag] })}
                        disabled={remove.isPending}
                        aria-label={t('campaigns.tags.removeNamed', { tag })}
                      />
                    )
                  }
                >
                  {tag}
                </Badge>
              </li>
            ))}
          </Group>
        ) : (
          <Text fz="sm">{t('campaigns.tags.none')}</Text>
        )}
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
