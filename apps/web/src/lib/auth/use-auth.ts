import { useSyncExternalStore } from 'react';
import { getSessionState, type SessionState, subscribeSession } from './session';

/** The auth state (loading, signed-out, signed-in) as React state. */
export const useAuth = (): SessionState => useSyncExternalStore(subscribeSession, getSessionState);
