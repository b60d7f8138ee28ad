import { api, type MassFollowUp, type RouteInput } from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ticketQueryKeys } from './get-tickets';

export type MassFollowUpInput = NonNullable<RouteInput<typeof api.tickets.massFollowUp>['body']> & {
  campaignId: string;
};

/** How often a running follow-up's progress is asked for. */
export const massFollowUpPollMs = 2000;

export const massFollowUpQueryKeys = {
  all: ['mass-follow-ups'] as const,
  ofCampaign: (campaignId: string) => ['mass-follow-ups', campaignId] as const,
  list: (campaignId: string, limit: number) => ['mass-follow-ups', campaignId, 'list', limit] as const,
  status: (campaignId: string, id: string) => ['mass-follow-ups', campaignId, 'status', id] as const,
};

const finished = (followUp: MassFollowUp | undefined) => followUp?.state === 'done';

/**
 * POST /campaignticket/:id/comment/massfollowup: one comment to the named tickets, or without
 * `ticketIds` to every ticket of the campaign that is not archived (D14). The server runs it as a
 * job and answers at once; the caller says what went wrong.
 */
export const useStartMassFollowUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, ...body }: MassFollowUpInput) =>
      call(api.tickets.massFollowUp, { params: { id: campaignId }, body }),
    meta: { errorNotification: false },
    onSuccess: (followUp) => {
      queryClient.setQueryData(massFollowUpQueryKeys.status(followUp.campaignId, followUp._id), followUp);
      void queryClient.invalidateQueries({ queryKey: massFollowUpQueryKeys.ofCampaign(followUp.campaignId) });
    },
  });
};

/** GET …/massfollowup/:followUpId every 2 s until the follow-up is done. */
export const getMassFollowUpStatusQueryOptions = (campaignId: string, id: string) =>
  queryOptions({
    queryKey: massFollowUpQueryKeys.status(campaignId, id),
    queryFn: ({ signal }) =>
      call(api.tickets.massFollowUpStatus, { params: { id: campaignId, followUpId: id } }, { signal }),
    refetchInterval: (query) => (finished(query.state.data) ? false : massFollowUpPollMs),
    staleTime: 0,
    // A failed poll is tried again on the next tick; the dialog says when it could not be read.
    meta: { errorNotification: false },
  });

export const useMassFollowUpStatus = (campaignId: string, id: string) =>
  useQuery(getMassFollowUpStatusQueryOptions(campaignId, id));

/** GET /campaignticket/:id/comment/massfollowup: the campaign's latest follow-ups, newest first. */
export const getMassFollowUpsQueryOptions = (campaignId: string, limit: number) =>
  queryOptions({
    queryKey: massFollowUpQueryKeys.list(campaignId, limit),
    queryFn: ({ signal }) =>
      call(api.tickets.massFollowUps, { params: { id: campaignId }, query: { page: 1, limit } }, { signal }),
    // While one is still being delivered, its progress moves on here too.
    refetchInterval: (query) =>
      query.state.data?.documents.some((f) => !finished(f)) ? massFollowUpPollMs : false,
    staleTime: 0,
    meta: { errorNotification: false },
  });

export const useMassFollowUps = (campaignId: string, limit: number, enabled = true) =>
  useQuery({ ...getMassFollowUpsQueryOptions(campaignId, limit), enabled });

/** After a follow-up has gone out: the lists read the tickets' new comment counts. */
export const useRefreshTicketsAfterFollowUp = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ticketQueryKeys.lists });
};
