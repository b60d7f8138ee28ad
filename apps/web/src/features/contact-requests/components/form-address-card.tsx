import { Button, CopyButton, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCode } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicAddressField } from '@/components/public-address-field';
import { useMeSmall } from '@/lib/current-owner';
import { embedSnippet, formAddress } from '../lib/form-address';

/**
 * Where people send a request from (D18): the public form's address with Copy and Open, and the
 * HTML that embeds it in the manufacturer's own website, with its own copy button.
 */
export const FormAddressCard = () => {
  const { t } = useTranslation();
  const { data: owner } = useMeSmall();
  const headingId = useId();
  const manufacturer = owner?.manufacturer;
  const address = manufacturer ? formAddress(window.location.origin, manufacturer._id) : '';
  const snippet = manufacturer
    ? embedSnippet(address, t('contactRequests.form.embedTitle', { name: manufacturer.name }))
    : '';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('contactRequests.form.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('contactRequests.form.text')}
        </Text>
        {manufacturer ? (
          <>
            <PublicAddressField
              label={t('contactRequests.form.address')}
              openLabel={t('contactRequests.form.open')}
              address={address}
            />
            <Textarea
              label={t('contactRequests.form.embed')}
              description={t('contactRequests.form.embedHint')}
              value={snippet}
              readOnly
              rows={3}
              onFocus={(e) => e.currentTarget.select()}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            />
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCode size={16} aria-hidden />
                  }
                  onClick={copy}
                  w="fit-content"
                >
                  {copied ? t('contactRequests.form.embedCopied') : t('contactRequests.form.embedCopy')}
                </Button>
              )}
            </CopyButton>
          </>
        ) : (
          <Skeleton height={36} radius="sm" aria-hidden />
        )}
      </Stack>
    </Paper>
  );
};
