import { api, type ContactListPut } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import {
  addContactsToList,
  contactListErrorMessage,
  contactListQueryKeys,
  createContactList,
  isNameTaken,
  useContactListMutation,
} from '@/lib/contact-lists';
import { notifyError } from '@/lib/notifications';

/** PUT /contactList/:id with the whole list: its name and description (the members stay). */
export const updateContactList = ({ id, body }: { id: string; body: ContactListPut }) =>
  call(api.contactLists.update, { params: { id }, body });

/** DELETE /contactList/:id: the list goes; its contacts stay in the contact book. */
export const deleteContactList = (id: string) => call(api.contactLists.remove, { params: { id } });

/** DELETE /contactList/:id/contact/:contactId: the contact leaves the list (and stays a contact). */
export const removeMember = ({ id, contactId }: { id: string; contactId: string }) =>
  call(api.contactLists.removeMember, { params: { id, contactId } });

/** A refusal said in a notification titled `title`, except a taken name, which the form shows on its field. */
const failureNotifier =
  (title: string, nameOnField = false) =>
  (error: unknown) => {
    if (nameOnField && isNameTaken(error)) return;
    notifyError({ title, message: contactListErrorMessage(error) });
  };

export const useCreateContactList = () => {
  const { t } = useTranslation();
  return useContactListMutation(createContactList, {
    onError: failureNotifier(t('contactLists.form.createFailed'), true),
  });
};

export const useUpdateContactList = () => {
  const { t } = useTranslation();
  return useContactListMutation(updateContactList, {
    onError: failureNotifier(t('contactLists.form.saveFailed'), true),
  });
};

export const useDeleteContactList = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onError = failureNotifier(t('contactLists.delete.failed'));
  return useMutation({
    mutationFn: deleteContactList,
    meta: { errorNotification: false },
    onError,
    onSuccess: async (_done, id) => {
      // A deleted list's page is left at once: its queries go rather than answering 404 first.
      queryClient.removeQueries({ queryKey: contactListQueryKeys.detail(id), exact: true });
      queryClient.removeQueries({ queryKey: contactListQueryKeys.members(id) });
      await queryClient.invalidateQueries({ queryKey: contactListQueryKeys.all });
    },
  });
};

export const useRemoveMember = () => {
  const { t } = useTranslation();
  return useContactListMutation(removeMember, {
    onError: failureNotifier(t('contactLists.members.removeFailed')),
  });
};

export const useAddMembers = () => {
  const { t } = useTranslation();
  return useContactListMutation(addContactsToList, {
    onError: failureNotifier(t('contactLists.addMembers.failed')),
  });
};
