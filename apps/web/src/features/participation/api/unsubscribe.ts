import type { UnsubscribeInfo } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

/** Whose address an unsubscribe link names, for which manufacturer, and whether it is unsubscribed. */
export const useUnsubscribeInfo = (token: string) =>
  useLoad(`unsubscribe:${token}`, (signal) =>
    publicCall<UnsubscribeInfo>('GET', publicPaths.unsubscribe, { params: { token }, signal }),
  );

/** One click: no more invitations from this manufacturer to this address (204; idempotent). */
export const unsubscribe = (token: string) =>
  publicCall<undefined>('POST', publicPaths.unsubscribe, { params: { token } });
