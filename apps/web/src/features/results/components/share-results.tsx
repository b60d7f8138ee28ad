import {
  ActionIcon,
  Anchor,
  Checkbox,
  CopyButton,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { CampaignState } from '@parley/contract';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notifications';
import { useResultShare } from '../api/get-share';
import { useSetResultShare } from '../api/set-share';

type Props = { campaign: { _id: string; state: CampaignState } };

/**
 * D23: an ended campaign's results on a public page behind a secret link: shared with or without the
 * free-text answers (never who wrote them), the link to copy and open, and withdrawn after a warning
 * that the link stops working. Sharing anew makes a new link.
 */
export const ShareResults = ({ campaign }: Props) => {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonId = useId();
  const { data: share } = useResultShare(campaign._id);
  const setShare = useSetResultShare();
  const [includeFreeText, setIncludeFreeText] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (share) setIncludeFreeText(share.includeFreeText);
  }, [share]);

  const shared = share?.shared ?? false;
  const ended = campaign.state === 'ended';
  // Withdrawing is always allowed; sharing needs an ended campaign.
  const switchDisabled = !share || setShare.isPending || (!shared && !ended);

  const save = (next: { shared: boolean; includeFreeText: boolean }, done?: () => void) =>
    setShare.mutate(
      { campaignId: campaign._id, ...next },
      {
        onSuccess: () => {
          done?.();
          notifySuccess({
            title: t('results.share.savedTitle'),
            message: next.shared ? t('results.share.sharedText') : t('results.share.withdrawnText'),
          });
        },
      },
    );

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('results.share.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('results.share.intro')}
        </Text>
        <Switch
          label={t('results.share.switch')}
          checked={shared}
          disabled={switchDisabled}
          aria-describedby={!shared && !ended ? reasonId : undefined}
          onChange={(e) => {
            if (e.currentTarget.checked) save({ shared: true, includeFreeText });
            else setConfirming(true);
          }}
        />
        {!shared && !ended ? (
          <Text id={reasonId} fz="sm" c="dimmed">
            {t('results.share.notEnded')}
          </Text>
        ) : null}
        {shared && !ended ? (
          <Text fz="sm" c="orange.9" role="note">
            {t('results.share.paused')}
          </Text>
        ) : null}
        <Checkbox
          label={t('results.share.includeFreeText')}
          checked={includeFreeText}
          disabled={!share || setShare.isPending}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setIncludeFreeText(next);
            // A shared page changes at once (its link stays); otherwise the choice waits for sharing.
            if (shared) save({ shared: true, includeFreeText: next });
          }}
        />
        {shared && share?.url ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('results.share.link')}
              value={share.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <CopyButton value={share.url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('results.share.copied') : t('results.share.copy')} withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    mb={1}
                    aria-label={copied ? t('results.share.copied') : t('results.share.copy')}
                    onClick={copy}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Anchor href={share.url} target="_blank" rel="noopener noreferrer" mb={6} fz="sm">
              <Group gap={4} wrap="nowrap" component="span">
                {t('results.share.open')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('results.share.withdrawTitle')}
        confirmLabel={t('results.share.withdraw')}
        color="red"
        focus="cancel"
        loading={setShare.isPending}
        onConfirm={() => save({ shared: false, includeFreeText }, () => setConfirming(false))}
        onClose={() => setConfirming(false)}
      >
        <Text fz="sm">{t('results.share.withdrawText')}</Text>
      </ConfirmDialog>
    </Paper>
  );
};
