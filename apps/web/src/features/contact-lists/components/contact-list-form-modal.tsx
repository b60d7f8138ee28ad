import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ContactList, contactListDescriptionMax, contactListNameMax } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { isNameTaken, useContactListFieldRules } from '@/lib/contact-lists';
import { notifySuccess } from '@/lib/notifications';
import { useCreateContactList, useUpdateContactList } from '../api/list-mutations';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The list to edit; without it the dialog creates one. */
  list?: ContactList;
  /** Once saved: the list as the server answered it. */
  onSaved?: (list: ContactList) => void;
};

/** A new list's (or a list's new) name and description, checked with the contract's limits. */
export const ContactListFormModal = ({ opened, onClose, list, onSaved }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={list ? t('contactLists.form.editTitle') : t('contactLists.form.createTitle')}
    >
      {/* Mounted while open only, so every opening starts from the list as it is. */}
      <ContactListForm list={list} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
};

type Values = { name: string; description: string };

const ContactListForm = ({ list, onClose, onSaved }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const rules = useContactListFieldRules();
  const create = useCreateContactList();
  const update = useUpdateContactList();
  const pending = create.isPending || update.isPending;
  const form = useForm<Values>({
    initialValues: { name: list?.name ?? '', description: list?.description ?? '' },
    validate: { name: rules.name, description: rules.description },
    // Checked on submit and then as the owner types, never on blur (docs/product-decisions.md).
    validateInputOnChange: true,
  });

  const onError = (error: unknown) => {
    if (isNameTaken(error)) form.setFieldError('name', t('contactLists.errors.nameTaken'));
  };
  const done = (saved: ContactList) => {
    notifySuccess({
      title: list ? t('contactLists.form.savedTitle') : t('contactLists.form.createdTitle'),
      message: t(list ? 'contactLists.form.savedText' : 'contactLists.form.createdText', {
        name: saved.name,
      }),
    });
    onClose();
    onSaved?.(saved);
  };

  const submit = form.onSubmit((v) => {
    const values = { name: v.name.trim(), description: v.description.trim() };
    if (list) {
      update.mutate(
        { id: list._id, body: { ...values, updatedAt: list.updatedAt } },
        { onSuccess: done, onError },
      );
    } else {
      create.mutate(values, { onSuccess: done, onError });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('contactLists.form.name')}
          description={t('contactLists.form.nameHint', { max: contactListNameMax })}
          required
          autoComplete="off"
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('contactLists.form.description')}
          description={t('contactLists.form.descriptionHint', { max: contactListDescriptionMax })}
          autosize
          minRows={3}
          maxRows={8}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('components.confirm.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {list ? t('contactLists.form.save') : t('contactLists.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
