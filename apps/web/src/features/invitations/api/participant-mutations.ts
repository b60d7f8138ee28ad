import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';
import { participantQueryKeys } from './participant-query-keys';

/** POST /campaign/:id/contacts: invite contacts (callForCheck: only say what it would do, D16). */
export const addParticipants = ({
  campaignId,
  contacts,
  callForCheck,
}: {
  campaignId: string;
  contacts: string[];
  callForCheck: boolean;
}) => call(api.invitations.add, { params: { id: campaignId }, body: { contacts, callForCheck } });

/** DELETE /campaign/:id/contacts/:cid: withdraw an invitation not answered yet (its link stops working). */
export const withdrawInvitation = ({ campaignId, contactId }: { campaignId: string; contactId: string }) =>
  call(api.invitations.withdraw, { params: { id: campaignId, cid: contactId } });

/** POST /campaign/:id/contacts/:cid/resend: a failed or unanswered invitation again, with a new link. */
export const resendInvitation = ({ campaignId, contactId }: { campaignId: string; contactId: string }) =>
  call(api.invitations.resend, { params: { id: campaignId, cid: contactId } });

/** A participant call: its refusal said in a notification, and the campaign's lists and counts refreshed. */
const useParticipantMutation = <Input extends { campaignId: string }, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  failedTitle: string,
  refresh: (input: Input) => boolean = () => true,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onError: (error) => notifyError({ title: failedTitle, message: contactErrorMessage(error) }),
    onSuccess: async (_output, input) => {
      if (refresh(input)) {
        await queryClient.invalidateQueries({ queryKey: participantQueryKeys.campaign(input.campaignId) });
      }
    },
  });
};

export const useAddParticipants = () => {
  const { t } = useTranslation();
  // A check changes nothing: nothing to refresh.
  return useParticipantMutation(
    addParticipants,
    t('participants.add.failed'),
    (input) => !input.callForCheck,
  );
};

export const useWithdrawInvitation = () => {
  const { t } = useTranslation();
  return useParticipantMutation(withdrawInvitation, t('participants.withdraw.failed'));
};

export const useResendInvitation = () => {
  const { t } = useTranslation();
  return useParticipantMutation(resendInvitation, t('participants.resend.failed'));
};
