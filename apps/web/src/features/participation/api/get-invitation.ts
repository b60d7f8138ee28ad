import type { InvitedSurvey } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

/**
 * The survey behind a personal invitation link, with who is invited and whether they answered
 * already (opening it marks the invitation opened). 404: the link was withdrawn or is unknown.
 */
export const useInvitation = (token: string) =>
  useLoad(`invitation:${token}`, (signal) =>
    publicCall<InvitedSurvey>('GET', publicPaths.invitation, { params: { token }, signal }),
  );
