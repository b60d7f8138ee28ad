import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { avatarUrlMax, type OwnerSmall, phoneCountries, publicLinkProblem } from '@parley/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notifications';
import { useUpdateManufacturer } from '../api/update-manufacturer';

/**
 * PATCH /owner/manufacturer (docs/product-decisions.md, "API-wide"): the country phone numbers without
 * country code are read in, and the privacy-notice and imprint links of the manufacturer's public
 * pages and mails (https; empty: the installation's). Any owner may change them (no team roles yet).
 */
export const ManufacturerSettingsForm = ({ owner }: { owner: OwnerSmall }) => {
  const { t, i18n } = useTranslation();
  const update = useUpdateManufacturer();
  const m = owner.manufacturer;
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return phoneCountries
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  const link = (value: string) => {
    const problem = value.trim() ? publicLinkProblem(value.trim()) : undefined;
    if (problem === 'tooLong') return t('common.maxLength', { max: avatarUrlMax });
    return problem ? t('profile.manufacturerSettings.linkInvalid') : null;
  };
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      defaultCountry: m.defaultCountry ?? 'DE',
      privacyUrl: m.privacyUrl ?? '',
      imprintUrl: m.imprintUrl ?? '',
    },
    validate: { privacyUrl: link, imprintUrl: link },
  });

  const submit = form.onSubmit((v) =>
    update.mutate(
      {
        defaultCountry: v.defaultCountry,
        privacyUrl: v.privacyUrl.trim() || null,
        imprintUrl: v.imprintUrl.trim() || null,
      },
      {
        onSuccess: (saved) => {
          form.resetDirty({
            defaultCountry: saved.defaultCountry,
            privacyUrl: saved.privacyUrl ?? '',
            imprintUrl: saved.imprintUrl ?? '',
          });
          notifySuccess({ title: t('profile.saved'), message: t('profile.manufacturerSettings.saved') });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={480}>
        <Select
          label={t('profile.manufacturerSettings.defaultCountry')}
          description={t('profile.manufacturerSettings.defaultCountryHint')}
          data={countries}
          searchable
          allowDeselect={false}
          key={form.key('defaultCountry')}
          {...form.getInputProps('defaultCountry')}
        />
        <TextInput
          label={t('profile.manufacturerSettings.privacyUrl')}
          description={t('profile.manufacturerSettings.privacyUrlHint')}
          type="url"
          inputMode="url"
          maxLength={avatarUrlMax}
          key={form.key('privacyUrl')}
          {...form.getInputProps('privacyUrl')}
        />
        <TextInput
          label={t('profile.manufacturerSettings.imprintUrl')}
          description={t('profile.manufacturerSettings.imprintUrlHint')}
          type="url"
          inputMode="url"
          maxLength={avatarUrlMax}
          key={form.key('imprintUrl')}
          {...form.getInputProps('imprintUrl')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('profile.manufacturerSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
