import { publicCall, publicPaths } from '@/lib/public-api';

/** Before the first question: may this address answer the survey now? (204, or the refusal) */
export const checkEmail = (campaignId: string, email: string) =>
  publicCall<undefined>('POST', publicPaths.checkEmail, { params: { id: campaignId }, body: { email } });
