import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';
import { contactQueryKeys, type TempContactListQuery } from './contact-query-keys';

/** GET /contact/temp: invited addresses that have not answered yet, with their invitations. */
export const getTempContacts = (query: TempContactListQuery, signal?: AbortSignal) =>
  call(api.contacts.tempList, { query }, { signal });

export const getTempContactsQueryOptions = (query: TempContactListQuery) =>
  queryOptions({
    queryKey: contactQueryKeys.tempList(query),
    queryFn: ({ signal }) => getTempContacts(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorNotification: false },
  });

export const useTempContacts = (query: TempContactListQuery) => useQuery(getTempContactsQueryOptions(query));

/** POST /contact/temp/reinvite: the address's open invitations again, each with a new link. */
export const reinviteTempContact = (email: string) => call(api.contacts.tempReinvite, { body: { email } });

/** DELETE /contact/temp/:id, or /contact/temp/bulk-delete for several: their invitations are withdrawn. */
export const deleteTempContacts = async (ids: string[]) => {
  const [only] = ids;
  if (ids.length === 1 && only) await call(api.contacts.tempRemove, { params: { id: only } });
  else await call(api.contacts.tempBulkDelete, { body: { contactIds: ids } });
};

const useTempMutation = <Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  failedTitle: string,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onError: (error) => notifyError({ title: failedTitle, message: contactErrorMessage(error) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactQueryKeys.tempLists }),
  });
};

export const useReinviteTempContact = () => {
  const { t } = useTranslation();
  return useTempMutation(reinviteTempContact, t('contacts.temp.resendFailed'));
};

export const useDeleteTempContacts = () => {
  const { t } = useTranslation();
  return useTempMutation(deleteTempContacts, t('contacts.delete.failed'));
};
