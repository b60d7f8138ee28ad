import type { SubmitAnswers, SubmitResult } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';

export const submitAnswers = (campaignId: string, body: SubmitAnswers) =>
  publicCall<SubmitResult>('POST', publicPaths.submit, { params: { id: campaignId }, body });
