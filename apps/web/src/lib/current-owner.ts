import type { OwnerSmall } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';

/** The owner profile is cached locally for 30 minutes. */
export const savedUserTtlMs = 30 * 60_000;

type SavedUser = { savedAt: number; owner: OwnerSmall };

export const readSavedUser = (now = Date.now()): OwnerSmall | null => {
  const saved = readStorage<SavedUser>(storageKeys.savedUser);
  if (!saved || typeof saved.savedAt !== 'number' || !saved.owner) return null;
  const age = now - saved.savedAt;
  return age >= 0 && age < savedUserTtlMs ? saved.owner : null;
};

export const saveUser = (owner: OwnerSmall): void => {
  writeStorage(storageKeys.savedUser, { savedAt: Date.now(), owner } satisfies SavedUser);
};

export const getMeSmall = async (signal?: AbortSignal): Promise<OwnerSmall> => {
  const saved = readSavedUser();
  if (saved) return saved;
  const owner = await call(api.owner.meSmall, {}, { signal });
  saveUser(owner);
  return owner;
};

export const ownerQueryKeys = {
  all: ['owner'] as const,
  meSmall: ['owner', 'me', 'small'] as const,
};

export const getMeSmallQueryOptions = () =>
  queryOptions({
    queryKey: ownerQueryKeys.meSmall,
    queryFn: ({ signal }) => getMeSmall(signal),
    // The failure is handled where the profile is required: notification, then sign-out.
    meta: { errorNotification: false },
    retry: false,
  });

export const useMeSmall = () => useQuery(getMeSmallQueryOptions());
