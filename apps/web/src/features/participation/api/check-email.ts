import { publicCall, publicPaths } from '@/lib/public-api';

/** Before the first question: does the survey take answers now? (204 whatever the address, or the survey's refusal) */
export const checkEmail = (campaignId: string, email: string) =>
  publicCall<undefined>('POST', publicPaths.checkEmail, { params: { id: campaignId }, body: { email } });
