import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type ContactDetail,
  defaultPhoneCountry,
  formatPhone,
  limits,
  namePattern,
  toE164,
  zipCodePattern,
} from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useMeSmall } from '@/lib/current-owner';
import { notifySuccess } from '@/lib/notifications';
import { useUpdateContact } from '../api/update-contact';

type Values = {
  internalFirstname: string;
  internalLastname: string;
  phoneNumber: string;
  street: string;
  zipCode: string;
  city: string;
  country: string;
};

const valuesOf = (c: ContactDetail, country: string): Values => ({
  internalFirstname: c.internalFirstname ?? '',
  internalLastname: c.internalLastname ?? '',
  // Stored in E.164, shown as people read it (docs/product-decisions.md, "Contacts").
  phoneNumber: c.phoneNumber ? formatPhone(c.phoneNumber, country) : '',
  street: c.address.street ?? '',
  zipCode: c.address.zipCode ?? '',
  city: c.address.city ?? '',
  country: c.address.country ?? '',
});

/** The contract's limits: names and address lines as a name, a phone and a postal code shorter. */
const phoneMax = 30;
const zipMax = 16;

const orNull = (v: string) => v.trim() || null;

/**
 * PATCH /contact/:id: the owner's own data of a contact (phone, address, internal names), checked
 * with the rules the server applies (contact-checks.ts); an emptied field is cleared.
 */
export const ContactEditForm = ({ contact, guard }: { contact: ContactDetail; guard: boolean }) => {
  const { t, i18n } = useTranslation();
  const update = useUpdateContact();
  const country = useMeSmall().data?.manufacturer.defaultCountry ?? defaultPhoneCountry;
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country) ?? country;

  const text = (max: number, pattern?: RegExp, message?: string) => (value: string) => {
    const v = value.trim();
    if (v.length > max) return t('common.maxLength', { max });
    return v !== '' && pattern && !pattern.test(v) ? message : null;
  };
  const name = text(limits.nameMax, namePattern, t('contacts.validation.name'));
  const form = useForm<Values>({
    initialValues: valuesOf(contact, country),
    validate: {
      internalFirstname: name,
      internalLastname: name,
      // The number as the server will read it: in the manufacturer's default country without a country code.
      phoneNumber: (value) =>
        value.trim().length > phoneMax
          ? t('common.maxLength', { max: phoneMax })
          : value.trim() !== '' && !toE164(value, country)
            ? t('contacts.validation.phone', { country: countryName })
            : null,
      street: text(limits.nameMax),
      zipCode: text(zipMax, zipCodePattern, t('contacts.validation.zipCode')),
      city: text(limits.nameMax),
      country: text(limits.nameMax),
    },
    // Checked on submit and then as the owner types, never on blur (docs/product-decisions.md).
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((v) =>
    update.mutate(
      {
        id: contact._id,
        body: {
          internalFirstname: orNull(v.internalFirstname),
          internalLastname: orNull(v.internalLastname),
          // Sent only when changed: a number stored before E.164 may not read as one.
          ...(form.isDirty('phoneNumber') ? { phoneNumber: orNull(v.phoneNumber) } : {}),
          address: {
            street: orNull(v.street),
            zipCode: orNull(v.zipCode),
            city: orNull(v.city),
            country: orNull(v.country),
          },
        },
      },
      {
        onSuccess: (saved) => {
          const next = valuesOf({ ...contact, ...saved }, country);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notifySuccess({ title: t('contacts.detail.savedTitle'), message: t('contacts.detail.savedText') });
        },
      },
    ),
  );

  const field = (key: keyof Values) => ({ key: form.key(key), ...form.getInputProps(key) });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="contact-details-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="contact-details-heading">
          {t('contacts.detail.detailsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('contacts.detail.internalFirstname')}
            description={t('contacts.detail.internalHint')}
            autoComplete="off"
            {...field('internalFirstname')}
          />
          <TextInput
            label={t('contacts.detail.internalLastname')}
            description={t('contacts.detail.internalHint')}
            autoComplete="off"
            {...field('internalLastname')}
          />
          <TextInput
            label={t('contacts.detail.phone')}
            description={t('contacts.detail.phoneHint', { country: countryName })}
            inputMode="tel"
            autoComplete="off"
            {...field('phoneNumber')}
          />
        </SimpleGrid>
        <Title order={3} size="h5">
          {t('contacts.detail.address')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('contacts.detail.street')} autoComplete="off" {...field('street')} />
          <TextInput label={t('contacts.detail.zipCode')} autoComplete="off" {...field('zipCode')} />
          <TextInput label={t('contacts.detail.city')} autoComplete="off" {...field('city')} />
          <TextInput label={t('contacts.detail.country')} autoComplete="off" {...field('country')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('contacts.detail.save')}
          </Button>
          {form.isDirty() ? (
            <Button variant="subtle" onClick={() => form.reset()} disabled={update.isPending}>
              {t('contacts.detail.discard')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <UnsavedChangesGuard when={guard && form.isDirty()} />
    </form>
  );
};
