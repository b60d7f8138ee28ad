import { api, type Ticket, type Vote } from '@parley/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { ticketQueryKeys } from './get-tickets';

/** The ticket refusals the page explains in its own words (D8, D14); the shared ones otherwise. */
const ticketCodes = {
  'ticket/archived': 'tickets.errors.archived',
  'ticket/not-own-comment': 'tickets.errors.notOwnComment',
  'feature/disabled': 'tickets.errors.featureDisabled',
  'not-found': 'tickets.errors.notFound',
} as const;

/** Why a ticket call was refused, for an error notification. */
export const ticketErrorMessage = (error: unknown): string => {
  if (isApiError(error) && error.code in ticketCodes) {
    return i18n.t(ticketCodes[error.code as keyof typeof ticketCodes]);
  }
  return apiErrorMessage(error);
};

/** A 400 that names the text field: the box shows it under the field instead of a notification. */
export const isTextFieldError = (error: unknown, field: string) =>
  isApiError(error) && error.code === 'validation' && error.field === field;

const updateTicket = (queryClient: QueryClient, id: string, change: (ticket: Ticket) => Ticket) =>
  queryClient.setQueryData<Ticket>(ticketQueryKeys.detail(id), (ticket) =>
    ticket ? change(ticket) : ticket,
  );

/**
 * After a change the lists (and the inbox's counts) are stale; they are read again when next shown.
 * The open ticket is updated in place rather than read again, which would mark newer messages seen
 * and take the "New" marks off the ones on screen.
 */
const markListsStale = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ticketQueryKeys.all, refetchType: 'none' });

const countVotes = (ratings: Record<string, Vote>) => {
  const votes = Object.values(ratings);
  return { up: votes.filter((v) => v === 'up').length, down: votes.filter((v) => v === 'down').length };
};

/** A ticket write: refusals notified under `title` (except a text field's 400, which the box shows). */
const useTicketMutation = <Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  options: {
    title: () => string;
    field?: string;
    onSuccess: (queryClient: QueryClient, output: Output, input: Input) => void;
  },
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onError: (error) => {
      if (options.field && isTextFieldError(error, options.field)) return;
      notifyError({ title: options.title(), message: ticketErrorMessage(error) });
    },
    onSuccess: (output, input) => {
      options.onSuccess(queryClient, output, input);
      void markListsStale(queryClient);
    },
  });
};

/** POST /campaignTicket/:id/comment (canComment): the participant is mailed. */
export const useCommentOnTicket = (ticketId: string) => {
  const { t } = useTranslation();
  return useTicketMutation(
    (description: string) => call(api.tickets.comment, { params: { id: ticketId }, body: { description } }),
    {
      title: () => t('tickets.comments.sendFailed'),
      field: 'description',
      onSuccess: (queryClient, comment) =>
        updateTicket(queryClient, ticketId, (ticket) => ({
          ...ticket,
          comments: [...ticket.comments, comment],
          commentCount: ticket.commentCount + 1,
          lastActivityAt: comment.createdAt,
        })),
    },
  );
};

/** DELETE /campaignTicket/:id/comment/:cid: only the signed-in owner's own comments. */
export const useDeleteComment = (ticketId: string) => {
  const { t } = useTranslation();
  return useTicketMutation(
    (commentId: string) => call(api.tickets.deleteComment, { params: { id: ticketId, cid: commentId } }),
    {
      title: () => t('tickets.comments.deleteFailed'),
      onSuccess: (queryClient, _none, commentId) =>
        updateTicket(queryClient, ticketId, (ticket) => ({
          ...ticket,
          comments: ticket.comments.filter((c) => c._id !== commentId),
          commentCount: Math.max(0, ticket.commentCount - 1),
        })),
    },
  );
};

/** PUT /campaignTicket/:id/answer: mailed unless `notify` is false (canSaveAnswerWithoutNotification). */
export const useSaveAnswer = (ticketId: string) => {
  const { t } = useTranslation();
  return useTicketMutation(
    ({ text, notify }: { text: string; notify: boolean }) =>
      call(api.tickets.answer, { params: { id: ticketId }, body: { manuAnswer: text, notify } }),
    {
      title: () => t('tickets.answer.saveFailed'),
      field: 'manuAnswer',
      onSuccess: (queryClient, manuAnswer) =>
        updateTicket(queryClient, ticketId, (ticket) => ({ ...ticket, manuAnswer, answered: true })),
    },
  );
};

/** PUT /campaignTicket/:id/private_note (canPrivateNote): empty clears it. */
export const useSavePrivateNote = (ticketId: string) => {
  const { t } = useTranslation();
  return useTicketMutation(
    (privateNote: string) =>
      call(api.tickets.privateNote, { params: { id: ticketId }, body: { privateNote } }),
    {
      title: () => t('tickets.note.saveFailed'),
      field: 'privateNote',
      onSuccess: (queryClient, { privateNote }) =>
        updateTicket(queryClient, ticketId, (ticket) => ({ ...ticket, privateNote })),
    },
  );
};

/** POST /campaignTicket/:id/ignore: archive (read-only from then on) or restore. */
export const useArchiveTicket = (ticketId: string) => {
  const { t } = useTranslation();
  return useTicketMutation(
    (ignore: boolean) => call(api.tickets.ignore, { params: { id: ticketId }, body: { ignore } }),
    {
      title: () => t('tickets.archive.failed'),
      onSuccess: (queryClient, { ignored }) =>
        updateTicket(queryClient, ticketId, (ticket) => ({ ...ticket, ignored })),
    },
  );
};

/**
 * POST /campaignTicket/bulk-archive: the Inbox's chosen tickets archived (or restored) in one call
 * (docs/product-decisions.md, "The ticket conversation"); answers how many changed.
 */
export const useBulkArchiveTickets = () => {
  const { t } = useTranslation();
  return useTicketMutation(
    (input: { ids: string[]; archived: boolean }) => call(api.tickets.bulkArchive, { body: input }),
    {
      title: () => t('tickets.archive.bulkFailed'),
      onSuccess: (queryClient, _output, { ids, archived }) => {
        for (const id of ids) updateTicket(queryClient, id, (ticket) => ({ ...ticket, ignored: archived }));
      },
    },
  );
};

type RateInput = { questionId: string; vote: Vote | null };

/**
 * POST /campaignTicket/:id/rate/:x: shown at once, undone if the server refuses (with a
 * notification), then set to what the server answers.
 */
export const useRateAnswer = (ticketId: string) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ticketQueryKeys.detail(ticketId);
  const setRatings = (ratings: Record<string, Vote>) =>
    updateTicket(queryClient, ticketId, (ticket) => ({ ...ticket, ratings, votes: countVotes(ratings) }));
  return useMutation({
    mutationFn: ({ questionId, vote }: RateInput) =>
      call(api.tickets.rate, { params: { id: ticketId, x: questionId }, body: { vote } }),
    meta: { errorNotification: false },
    onMutate: async ({ questionId, vote }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Ticket>(key)?.ratings;
      if (before) {
        const { [questionId]: _old, ...rest } = before;
        setRatings(vote ? { ...rest, [questionId]: vote } : rest);
      }
      return { before };
    },
    onError: (error, _input, context) => {
      if (context?.before) setRatings(context.before);
      notifyError({ title: t('tickets.rating.failed'), message: ticketErrorMessage(error) });
    },
    onSuccess: ({ ratings }) => {
      setRatings(ratings);
      void markListsStale(queryClient);
    },
  });
};
