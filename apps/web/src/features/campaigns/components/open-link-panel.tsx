import {
  ActionIcon,
  Alert,
  Anchor,
  CopyButton,
  Group,
  Paper,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconCheck, IconCopy, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The public survey link (D10 `/p/c/:id`) with a copy button, and why it may not work yet. */
export const OpenLinkPanel = ({ campaign }: { campaign: Campaign }) => {
  const { t } = useTranslation();
  const { openLinkUrl, openLink, state } = campaign;
  const note = !openLink
    ? t('campaigns.openLink.offNote')
    : state !== 'running'
      ? t('campaigns.openLink.notRunningNote')
      : null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('campaigns.openLink.title')}
        </Title>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('campaigns.openLink.label')}
            value={openLinkUrl}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1 }}
          />
          <CopyButton value={openLinkUrl}>
            {({ copied, copy }) => (
              <Tooltip
                label={copied ? t('campaigns.openLink.copied') : t('campaigns.openLink.copy')}
                withArrow
              >
                <ActionIcon
                  size="lg"
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  aria-label={copied ? t('campaigns.openLink.copied') : t('campaigns.openLink.copy')}
                >
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Anchor href={openLinkUrl} target="_blank" rel="noopener noreferrer" fz="sm">
          <Group gap={4} component="span" wrap="nowrap">
            {t('campaigns.openLink.open')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
        {note ? (
          <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {note}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
};
