import type { ContactRequestForm, ContactRequestFormInfo } from '@parley/contract';
import { publicCall, publicPaths } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

/** Whose contact-request form this is (D18): its heading, image and privacy link. */
export const useContactRequestFormInfo = (manufacturerId: string) =>
  useLoad(`contact-request:${manufacturerId}`, (signal) =>
    publicCall<ContactRequestFormInfo>('GET', publicPaths.contactRequest, {
      params: { manufacturerId },
      signal,
    }),
  );

/** Sends the form (204). The server answers 429 `rate-limit` when too many came from here. */
export const submitContactRequest = (manufacturerId: string, body: ContactRequestForm) =>
  publicCall<undefined>('POST', publicPaths.contactRequest, { params: { manufacturerId }, body });
