import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type ContactFilter,
  type ContactList,
  contactListIdsMax,
  contactListNameMax,
} from '@parley/contract';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactListPicker } from '@/components/contact-list-picker';
import {
  addContactsToList,
  contactListErrorMessage,
  createContactList,
  isNameTaken,
  useContactListFieldRules,
  useInvalidateContactLists,
} from '@/lib/contact-lists';
import { notifyError, notifySuccess } from '@/lib/notifications';

/** The chosen contacts' ids, or every contact the contact book's filter matches (`count` of them). */
export type ListedContacts = { contactIds: string[] } | { filter: ContactFilter; count: number };

type Props = {
  opened: boolean;
  onClose: () => void;
  contacts: ListedContacts;
  /** Once they were added: the caller clears its selection. */
  onAdded?: () => void;
};

const countOf = (contacts: ListedContacts) =>
  'filter' in contacts ? contacts.count : contacts.contactIds.length;

const targets = ['existing', 'new'] as const;
type Target = (typeof targets)[number];

type Values = { target: Target; listId: string | null; name: string; description: string };

/**
 * "Add to list" for the contacts chosen in the contact book, or all its filter matches: into an
 * existing list (PUT /contactList/:id {newContactIds} or {filter}) or a new one made with them
 * (POST /contactList).
 */
export const AddToListDialog = ({ opened, onClose, contacts, onAdded }: Props) => {
  const { t } = useTranslation();
  // The contacts it was opened for: the caller clears its selection once they are added, while
  // the dialog is still closing.
  const shown = useRef(contacts);
  if (opened) shown.current = contacts;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contactLists.addToList.title', { count: countOf(shown.current) })}
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <AddToListForm contacts={shown.current} onClose={onClose} onAdded={onAdded} />
    </Modal>
  );
};

const AddToListForm = ({ contacts, onClose, onAdded }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const rules = useContactListFieldRules();
  const invalidate = useInvalidateContactLists();
  const count = countOf(contacts);
  // By filter the server takes up to its cap (the contact book offers "all matching" only below it).
  const tooMany = !('filter' in contacts) && count > contactListIdsMax;
  const members = 'filter' in contacts ? { filter: contacts.filter } : { contactIds: contacts.contactIds };
  const form = useForm<Values>({
    initialValues: { target: 'existing', listId: null, name: '', description: '' },
    validate: {
      listId: (v, values) => (values.target === 'existing' && !v ? t('contactLists.addToList.noList') : null),
      // A new list's name and description are checked only when a new list is made.
      name: (v, values) => (values.target === 'new' ? rules.name(v) : null),
      description: (v, values) => (values.target === 'new' ? rules.description(v) : null),
    },
    validateInputOnChange: true,
  });
  const save = useMutation({
    mutationFn: (v: Values): Promise<ContactList> =>
      v.target === 'existing' && v.listId
        ? addContactsToList({ id: v.listId, ...members })
        : createContactList({ name: v.name.trim(), description: v.description.trim(), ...members }),
    meta: { errorNotification: false },
    onError: (error) => {
      if (isNameTaken(error)) {
        form.setFieldError('name', t('contactLists.errors.nameTaken'));
        return;
      }
      notifyError({ title: t('contactLists.addToList.failed'), message: contactListErrorMessage(error) });
    },
    onSuccess: async (list) => {
      notifySuccess({
        title: t('contactLists.addToList.doneTitle'),
        message: t('contactLists.addToList.doneText', { count, name: list.name }),
      });
      onClose();
      onAdded?.();
      await invalidate();
    },
  });

  const { target } = form.getValues();
  const submit = form.onSubmit((v) => {
    if (tooMany) return;
    save.mutate(v);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>
          {'filter' in contacts
            ? t('contactLists.addToList.matchingText', { count })
            : t('contactLists.addToList.text', { count })}
        </Text>
        {tooMany ? (
          <Text c="red" role="alert">
            {t('contactLists.addToList.tooMany', { count, max: contactListIdsMax })}
          </Text>
        ) : null}
        <SegmentedControl
          role="radiogroup"
          aria-label={t('contactLists.addToList.target')}
          data={targets.map((x) => ({ value: x, label: t(`contactLists.addToList.targets.${x}`) }))}
          value={target}
          onChange={(next) => {
            form.setFieldValue('target', targets.find((x) => x === next) ?? 'existing');
            form.clearErrors();
          }}
          fullWidth
        />
        {target === 'existing' ? (
          <ContactListPicker
            label={t('contactLists.addToList.list')}
            value={form.getValues().listId}
            onChange={(id) => form.setFieldValue('listId', id)}
            error={form.errors.listId}
            autoFocus
          />
        ) : (
          <>
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
              autosize
              minRows={2}
              maxRows={6}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('components.confirm.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconPlaylistAdd size={16} aria-hidden />}
            loading={save.isPending}
            disabled={tooMany}
          >
            {target === 'existing' ? t('contactLists.addToList.add') : t('contactLists.addToList.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
