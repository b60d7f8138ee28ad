import {
  type Campaign,
  limits,
  type MassFollowUp,
  type TicketListItem,
  unknownPlaceholders,
} from '@parley/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useMeSmall } from '@/lib/current-owner';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { useTickets } from '../api/get-tickets';
import { type MassFollowUpInput, useStartMassFollowUp } from '../api/mass-follow-up';
import { defaultFollowUpSubject, followUpSubjectInput, followUpSubjectValid } from './mass-follow-up-subject';

/** What the mass follow-up needs of its campaign. */
export type FollowUpCampaign = Pick<Campaign, '_id' | 'title' | 'language' | 'state'>;

/** How many recipients the preview steps through. */
export const followUpPreviewMax = 20;

export type Scope = 'selected' | 'all';

/**
 * The mass follow-up form's state and steps (D14): whom it goes to, the text with its placeholders,
 * mailed or silent with its subject, then a confirmation with the number of tickets and the start.
 */
export const useFollowUpForm = ({
  campaign,
  selected,
  onSent,
}: {
  campaign: FollowUpCampaign;
  selected: readonly TicketListItem[];
  onSent: () => void;
}) => {
  const { t } = useTranslation();
  const owner = useMeSmall().data;
  const chosen = selected.filter((ticket) => !ticket.ignored);
  const [scope, setScope] = useState<Scope>(chosen.length > 0 ? 'selected' : 'all');
  const [text, setTextState] = useState('');
  const [notify, setNotify] = useState(true);
  const [subject, setSubject] = useState<string>(() => defaultFollowUpSubject(campaign.language));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<MassFollowUp | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const start = useStartMassFollowUp();
  // Every open ticket: the first page for the preview, the total for the confirmation.
  const open = useTickets({
    campaignId: campaign._id,
    archived: 'false',
    sort: 'newest',
    page: 1,
    limit: followUpPreviewMax,
  });

  const recipients = scope === 'selected' ? chosen : (open.data?.documents ?? []);
  const count = scope === 'selected' ? chosen.length : open.data?.total;
  const canComment = owner?.manufacturer.canComment ?? false;

  const setText = (value: string) => {
    setTextState(value);
    setServerError(null);
  };

  const unknown = unknownPlaceholders(text);
  const tooLong = text.trim().length > limits.textMax;
  const textError = (() => {
    if (unknown.length > 0) {
      return t('tickets.followUp.unknownPlaceholders', {
        count: unknown.length,
        names: unknown.map((n) => `{{${n}}}`).join(', '),
      });
    }
    if (tooLong) return t('common.maxLength', { max: limits.textMax });
    if (submitted && text.trim() === '') return t('tickets.followUp.textRequired');
    return serverError;
  })();

  /** Puts a template's text where the caret is; the caret goes after it. */
  const insert = (snippet: string) => {
    const area = textarea.current;
    const from = area?.selectionStart ?? text.length;
    const to = area?.selectionEnd ?? text.length;
    setText(text.slice(0, from) + snippet + text.slice(to));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(from + snippet.length, from + snippet.length);
    });
  };

  const sendReason = (() => {
    if (!canComment) return t('tickets.followUp.noComments');
    if (campaign.state === 'archived') return t('tickets.followUp.campaignArchived');
    if (count === 0) return t('tickets.followUp.nobody');
    return null;
  })();

  const review = () => {
    setSubmitted(true);
    if (text.trim() === '' || unknown.length > 0 || tooLong) {
      textarea.current?.focus();
      return;
    }
    if (notify && !followUpSubjectValid(subject)) return;
    if (count === undefined) return;
    setConfirming(true);
  };

  const send = () => {
    const input: MassFollowUpInput = {
      campaignId: campaign._id,
      description: text.trim(),
      notify,
      ...(notify ? followUpSubjectInput(subject, campaign.language) : {}),
      ...(scope === 'selected' ? { ticketIds: chosen.map((ticket) => ticket._id) } : {}),
    };
    start.mutate(input, {
      onSuccess: (followUp) => {
        setStarted(followUp);
        onSent();
      },
      onError: (error) => {
        setConfirming(false);
        if (isApiError(error) && error.code === 'validation' && error.field === 'description') {
          setServerError(t('tickets.followUp.textRefused'));
        }
        notifyError({ title: t('tickets.followUp.failed'), message: apiErrorMessage(error) });
      },
    });
  };

  return {
    owner,
    canComment,
    canSilent: owner?.manufacturer.canSaveAnswerWithoutNotification ?? false,
    chosen,
    open,
    scope,
    setScope,
    text,
    setText,
    textError,
    textarea,
    insert,
    notify,
    setNotify,
    subject,
    setSubject,
    submitted,
    recipients,
    count,
    sendReason,
    review,
    confirming,
    cancelConfirm: () => setConfirming(false),
    send,
    sending: start.isPending,
    started,
  };
};
