import { api, type ContactFilter } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';
import { contactQueryKeys } from './contact-query-keys';

/** The contacts a delete reaches: those chosen, or every one the list's filter matches. */
export type DeleteContactsInput = ({ ids: string[] } | { filter: ContactFilter }) & { eraseAnswers: boolean };

/**
 * DELETE /contact/:id, or /contact/bulk-delete for several (by ids, or by the list's filter for "all
 * matching"): their tickets stay as a deleted contact's unless `eraseAnswers` erases them too.
 */
export const deleteContacts = async (input: DeleteContactsInput) => {
  const { eraseAnswers } = input;
  if ('filter' in input) {
    await call(api.contacts.bulkDelete, { body: { filter: input.filter, eraseAnswers } });
    return;
  }
  const { ids } = input;
  const [only] = ids;
  if (ids.length === 1 && only) {
    await call(api.contacts.remove, {
      params: { id: only },
      query: { eraseAnswers: eraseAnswers ? 'true' : 'false' },
    });
  } else {
    await call(api.contacts.bulkDelete, { body: { contactIds: ids, eraseAnswers } });
  }
};

export const useDeleteContacts = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContacts,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contacts.delete.failed'), message: contactErrorMessage(error) }),
    onSuccess: async (_done, input) => {
      // A deleted contact's page is left at once: its query goes rather than answering 404 first.
      const ids = 'ids' in input ? input.ids : [];
      for (const id of ids) queryClient.removeQueries({ queryKey: contactQueryKeys.detail(id), exact: true });
      await Promise.all(
        [contactQueryKeys.lists, contactQueryKeys.tempLists, contactQueryKeys.filterData].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
};
