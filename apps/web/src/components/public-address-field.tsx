import { ActionIcon, Anchor, CopyButton, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The address of one of the manufacturer's public pages (the contact-request form, the feedback
 * page) as a read-only field, with Copy and Open.
 */
export const PublicAddressField = ({
  label,
  openLabel,
  address,
}: {
  label: string;
  openLabel: string;
  address: string;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label={label}
          value={address}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
        />
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('publicAddress.copied') : t('publicAddress.copy')}>
              <ActionIcon
                size="lg"
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={copied ? t('publicAddress.copied') : t('publicAddress.copy')}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Anchor href={address} target="_blank" rel="noopener noreferrer" fz="sm" w="fit-content">
        <Group gap={4} component="span" wrap="nowrap">
          {openLabel}
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
};
