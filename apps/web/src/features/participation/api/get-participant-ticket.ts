import type { ParticipantTicket } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

/** Opening the link confirms the address once; there is nothing to refresh afterwards. */
export const useParticipantTicket = (token: string) =>
  useLoad(`ticket:${token}`, (signal) =>
    publicCall<ParticipantTicket>('GET', publicPaths.ticket, { params: { token }, signal }),
  );
