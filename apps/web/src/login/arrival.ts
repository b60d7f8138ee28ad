import { safeDestination } from '@/lib/destination';
import { type LoginNotice, takeLoginNotice } from '@/lib/leave-page';
import { readStoredSession, validFor } from '@/lib/stored-session';

export type Arrival =
  | { kind: 'leave'; to: string }
  | { kind: 'show'; destination: string; notice: LoginNotice | null };

/**
 * What the sign-in page does on arrival at `/login?destination=…` (D10). A visitor signed in already
 * goes on to the destination without seeing the form; only while the id token is good, because a
 * session the console could not refresh would be sent straight back here. The destination is
 * always one of the console's own paths.
 */
export const arrive = (search: string): Arrival => {
  const destination = safeDestination(new URLSearchParams(search).get('destination'));
  const session = readStoredSession();
  if (session && validFor(session, 30_000)) return { kind: 'leave', to: destination };
  return { kind: 'show', destination, notice: takeLoginNotice() };
};
