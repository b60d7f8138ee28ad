import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, uuidKey } from '../../db/columns.js';
import { owners } from '../owner/owner.tables.js';

/**
 * Asymmetric keys that sign id tokens. Kept in the database (not in one instance's
 * DATA_DIR) so that every instance behind a load balancer signs and verifies alike.
 */
export const identityKeys = pgTable('identity_keys', {
  kid: text().primaryKey(),
  alg: text().notNull(),
  publicJwk: jsonb().notNull(),
  privateJwk: jsonb().notNull(),
  active: boolean().notNull().default(true),
  createdAt: at().notNull().defaultNow(),
});

/** Refresh tokens, stored as SHA-256 hashes, rotated on every use (D5). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuidKey(),
    ownerId: uuid()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    /** All tokens descending from one sign-in; reuse of a rotated token revokes the family. */
    familyId: uuid().notNull(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId), index().on(t.familyId)],
);

/** Sign-in attempts for the rate limits of D5 (per address and per client), shared by all instances. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuidKey(),
    email: text().notNull(),
    clientIp: text().notNull(),
    success: boolean().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.email, t.createdAt), index().on(t.clientIp, t.createdAt)],
);

/** One-time password-reset tokens (hashed), valid for one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuidKey(),
    ownerId: uuid()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId)],
);
