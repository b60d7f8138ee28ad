import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notifications';

/** Fetched data counts as fresh for 2 minutes, for every query. */
export const staleTime = 120_000;

/** Per-query switches read by the central error handlers below. */
export type AppQueryMeta = {
  /** false: the caller shows its own message (or none), e.g. optional public configuration. */
  errorNotification?: boolean;
};

declare module '@tanstack/react-query' {
  // Module augmentation needs an interface (declaration merging).
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

// A 401 has already ended the session (api-client) and the login page explains it; other
// failures show the generic "Error / Something went wrong" once, not once per query.
const shouldNotify = (error: unknown, meta: AppQueryMeta | undefined) =>
  meta?.errorNotification !== false && !(isApiError(error) && error.status === 401);

export const apiErrorMessage = (error: unknown): string => {
  if (isApiError(error)) {
    const key = `apiErrors.${error.code}`;
    if (i18n.exists(key)) return i18n.t(key as 'apiErrors.validation', { field: error.field });
  }
  return i18n.t('common.somethingWentWrong');
};

export const createQueryClient = (options: { retry?: boolean } = {}) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime,
        // Client errors will not heal by retrying; one retry covers a blip of the network.
        retry:
          options.retry === false
            ? false
            : (count, error) =>
                count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!shouldNotify(error, query.meta)) return;
        notifyError({
          id: 'query-error',
          title: i18n.t('common.error'),
          message: i18n.t('common.somethingWentWrong'),
        });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!shouldNotify(error, mutation.meta) || !isApiError(error)) return;
        notifyError({ title: i18n.t('common.error'), message: apiErrorMessage(error) });
      },
    }),
  });
