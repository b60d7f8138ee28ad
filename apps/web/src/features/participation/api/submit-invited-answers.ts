import type { SubmitAnswers, SubmitResult } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';

/** An invitee's answers: as the open link's, without the address (the invitation knows it). */
export const submitInvitedAnswers = (token: string, body: Omit<SubmitAnswers, 'email'>) =>
  publicCall<SubmitResult>('POST', publicPaths.invitationAnswer, { params: { token }, body });
