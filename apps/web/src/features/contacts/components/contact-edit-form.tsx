import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ContactDetail, limits, namePattern, phonePattern, zipCodePattern } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
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

const valuesOf = (c: ContactDetail): Values => ({
  internalFirstname: c.internalFirstname ?? '',
  internalLastname: c.internalLastname ?? '',
  phoneNumber: c.phoneNumber ?? '',
  street: c.address.street ?? '',
  zipCode: c.address.zipCode ?? '',
  city: c.address.city ?? '',
  country: c.address.country ?? '',
});

/** The contract's limits: names and address lines as a name, a phone and a postal code shorter. */
const phoneMax = 20;
const zipMax = 16;

const orNull = (v: string) => v.trim() || null;

/**
 * PATCH /contact/:id: the owner's own data of a contact (phone, address, internal names), checked
 * with the rules the server applies (contact-checks.ts); an emptied field is cleared.
 */
export const ContactEditForm = ({ contact, guard }: { contact: ContactDetail; guard: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdateContact();

  const text = (max: number, pattern?: RegExp, message?: string) => (value: string) => {
    const v = value.trim();
    if (v.length > max) return t('common.maxLength', { max });
    return v !== '' && pattern && !pattern.test(v) ? message : null;
  };
  const name = text(limits.nameMax, namePattern, t('contacts.validation.name'));
  const form = useForm<Values>({
    initialValues: valuesOf(contact),
    validate: {
      internalFirstname: name,
      internalLastname: name,
      phoneNumber: text(phoneMax, phonePattern, t('contacts.validation.phone')),
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
          phoneNumber: orNull(v.phoneNumber),
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
          const next = valuesOf({ ...contact, ...saved });
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
            description={t('contacts.detail.phoneHint')}
            inputMode="numeric"
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
