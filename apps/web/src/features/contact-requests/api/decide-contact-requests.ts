import { api, type ContactRequestAcceptReport } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { notifyDecisionError } from '../lib/decision-error';
import { contactRequestQueryKeys } from './contact-request-query-keys';

/** The contact book's queries all start with this key (features/contacts): accepting makes contacts. */
const contactBookKey = ['contacts'] as const;

/** POST /owner/contact-requests/accept: each person becomes a contact invited to the chosen running campaigns. */
export const acceptContactRequests = (body: { ids: string[]; campaignIds: string[] }) =>
  call(api.contactRequests.accept, { body });

/** POST /owner/contact-requests/reject: nobody is told; the address can ask again. */
export const rejectContactRequests = (body: { ids: string[] }) => call(api.contactRequests.reject, { body });

/**
 * The lists, their counts and the sidebar's badge are refreshed after a decision, and after a 409
 * too: a request decided meanwhile must leave the pending list.
 */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return (withContacts: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactRequestQueryKeys.all }),
      withContacts ? queryClient.invalidateQueries({ queryKey: contactBookKey }) : undefined,
    ]);
};

export const useAcceptContactRequests = () => {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation<ContactRequestAcceptReport, Error, { ids: string[]; campaignIds: string[] }>({
    mutationFn: acceptContactRequests,
    meta: { errorNotification: false },
    onError: (error) => {
      notifyDecisionError(t, error, 'accept');
      void refresh(false);
    },
    onSuccess: () => {
      void refresh(true);
    },
  });
};

export const useRejectContactRequests = () => {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: rejectContactRequests,
    meta: { errorNotification: false },
    onError: (error) => {
      notifyDecisionError(t, error, 'reject');
      void refresh(false);
    },
    onSuccess: () => {
      void refresh(false);
    },
  });
};
