/**
 * Read-only query: what the auth hook needs to accept a private request, in one round trip.
 * Reads owners and manufacturers (owner) and refresh_tokens (identity). Used by the identity
 * module's authenticator, wired in the composition root (src/services.ts). It never writes.
 *
 * It is a prepared statement: PostgreSQL parses and plans it once per connection, and Drizzle builds
 * its SQL text once per process instead of on every request (docs/operations.md, "Where a private
 * request's CPU goes").
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refreshTokens } from '../modules/identity/identity.tables.js';
import { manufacturers, owners } from '../modules/owner/owner.tables.js';

export const createTokenOwnerLookup = (db: Db) => {
  const byId = db
    .select({
      owner: owners,
      manufacturer: manufacturers,
      // Whether the token's session (its refresh-token family) is still signed in; false without a sid.
      sessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sid')}::uuid and ${refreshTokens.revokedAt} is null)`,
    })
    .from(owners)
    .innerJoin(manufacturers, eq(manufacturers.id, owners.manufacturerId))
    .where(eq(owners.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_token_owner');
  /** The owner with id `id`, its manufacturer, and whether session `sid` is live (`sid` null: false). */
  return async (id: string, sid: string | null) => {
    const [row] = await byId.execute({ id, sid });
    return row;
  };
};
export type TokenOwnerLookup = ReturnType<typeof createTokenOwnerLookup>;
