import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type TagGroup, tagLimits } from '@parley/contract';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RunningCampaignsField } from '@/components/running-campaigns-field';
import { paths } from '@/config/paths';
import { useRunningCampaigns } from '@/lib/campaign-names';
import { useLinkCampaignsFlow, useUnlinkCampaignsFlow } from './use-tag-group-flows';

/**
 * The campaigns the group is linked to (D17): its members are invited to the running ones now and
 * whenever someone joins. Linking running campaigns and unlinking one are checked first.
 */
export const TagGroupCampaigns = ({ group }: { group: TagGroup }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const running = useRunningCampaigns();
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const link = useLinkCampaignsFlow({
    onDone: () => {
      setChosen([]);
      setTried(false);
    },
  });
  // An unlinked campaign's button has gone with it: the focus goes to the section's heading.
  const unlinked = useRef(false);
  const unlink = useUnlinkCampaignsFlow({
    onDone: () => {
      unlinked.current = true;
    },
    onExited: () => {
      if (unlinked.current) heading.current?.focus();
      unlinked.current = false;
    },
  });
  const busy = link.isPending || unlink.isPending;
  const linkedIds = new Set(group.campaigns.map((c) => c._id));
  const offered = running.data?.documents.filter((c) => !linkedIds.has(c._id));
  const noneRunning = offered !== undefined && offered.length === 0;
  const error = tried
    ? chosen.length === 0
      ? t('tagGroups.campaigns.noCampaign')
      : chosen.length > tagLimits.linksPerCall
        ? t('tagGroups.campaigns.tooMany', { max: tagLimits.linksPerCall })
        : null
    : null;

  const submit = () => {
    setTried(true);
    if (chosen.length === 0 || chosen.length > tagLimits.linksPerCall) return;
    link.start({ id: group._id, campaignIds: chosen });
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} ref={heading} tabIndex={-1}>
          {t('tagGroups.campaigns.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {group.campaigns.length === 0 ? t('tagGroups.campaigns.none') : t('tagGroups.campaigns.text')}
        </Text>
        {group.campaigns.length > 0 ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.campaigns.map((c) => (
              <Paper key={c._id} component="li" withBorder radius="md" px="md" py="xs">
                <Group justify="space-between" gap="sm">
                  <Group gap="xs">
                    <Anchor component={Link} to={paths.campaign(c._id)} fw={500}>
                      {c.title}
                    </Anchor>
                    <Text fz="sm" c="dimmed">
                      {t(`campaigns.state.${c.state}`)}
                    </Text>
                  </Group>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconUnlink size={14} aria-hidden />}
                    aria-label={t('tagGroups.campaigns.unlinkLabel', { title: c.title })}
                    loading={unlink.checking?.campaignIds[0] === c._id}
                    disabled={busy}
                    onClick={() =>
                      unlink.start({ id: group._id, campaignIds: [c._id], campaignTitle: c.title })
                    }
                  >
                    {t('tagGroups.campaigns.unlink')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
        <Stack gap="xs" align="flex-start" maw="36rem">
          <div style={{ width: '100%' }}>
            <RunningCampaignsField
              campaigns={offered}
              loading={running.isPending}
              noneRunning={noneRunning}
              noneRunningText={
                group.campaigns.length > 0
                  ? t('tagGroups.campaigns.noOtherRunning')
                  : t('tagGroups.campaigns.noneRunning')
              }
              label={t('tagGroups.campaigns.pick')}
              description={t('tagGroups.campaigns.pickHint')}
              placeholder={t('tagGroups.campaigns.pickPlaceholder')}
              nothingFound={t('tagGroups.campaigns.nothingFound')}
              value={chosen}
              onChange={(ids) => {
                setChosen(ids);
                setTried(false);
              }}
              error={error}
            />
          </div>
          {noneRunning ? null : (
            <Button
              leftSection={<IconLink size={16} aria-hidden />}
              disabled={busy || running.isPending}
              loading={link.checking !== null}
              onClick={submit}
            >
              {t('tagGroups.campaigns.link')}
            </Button>
          )}
        </Stack>
      </Stack>
      {link.dialog}
      {unlink.dialog}
    </section>
  );
};
