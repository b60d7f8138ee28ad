import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetTokens, refreshTokens, signInAttempts } from './identity.tables.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Advisory-lock namespaces (first key of the two-key form), so an email and an IP never share a lock. */
const LOCK_EMAIL = 7_261_001;
const LOCK_IP = 7_261_002;

// ---- sign-in attempts (D5 rate limits, shared by every instance through the database) ----

/**
 * Serialises the check-then-record of sign-in attempts per address and per client within the
 * caller's transaction, so parallel requests cannot all pass the check before any is recorded.
 * Always email before IP: a transaction holding an IP lock never waits for an email lock.
 */
export const lockSignInKeys = async (tx: DbOrTx, email: string, clientIp: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_EMAIL}, hashtext(${email}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${clientIp}))`);
};

/**
 * True while `key` is locked: some failure in the last `windowMinutes` was at least the
 * `maxFailures`-th within `windowMinutes` before it. So the lock lasts a full window after the
 * failure that triggered it, not only until the oldest failure ages out. With `clientIp` only that
 * client's failures for the address count (D5's per address-and-client lock); without it, every
 * client's (the looser per-address ceiling).
 */
export const isLocked = async (
  db: DbOrTx,
  key: { email: string; clientIp?: string },
  maxFailures: number,
  windowMinutes: number,
) => {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const clientA = key.clientIp === undefined ? sql`` : sql`and a.client_ip = ${key.clientIp}`;
  const clientB = key.clientIp === undefined ? sql`` : sql`and b.client_ip = ${key.clientIp}`;
  const result = await db.execute<{ locked: boolean }>(sql`
    select exists (
      select 1 from ${signInAttempts} a
      where a.email = ${key.email} ${clientA} and not a.success and a.created_at > now() - ${window}
        and (
          select count(*) from ${signInAttempts} b
          where b.email = ${key.email} ${clientB} and not b.success
            and b.created_at <= a.created_at and b.created_at > a.created_at - ${window}
        ) >= ${maxFailures}
    ) as locked`);
  return result.rows[0]?.locked === true;
};

/** True when this client signed in to this address successfully within `days`: the owner's usual client. */
export const isKnownClient = async (db: DbOrTx, email: string, clientIp: string, days: number) => {
  const [row] = await db
    .select({ id: signInAttempts.id })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        eq(signInAttempts.clientIp, clientIp),
        eq(signInAttempts.success, true),
        gt(signInAttempts.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const countAttemptsFromIp = async (db: DbOrTx, clientIp: string, windowMinutes: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.clientIp, clientIp),
        gt(signInAttempts.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return row?.n ?? 0;
};

/** Recorded as a failure up front; `markAttemptSucceeded` flips it once the password checks out. */
export const insertAttempt = async (db: DbOrTx, email: string, clientIp: string) => {
  const [row] = await db
    .insert(signInAttempts)
    .values({ email, clientIp, success: false })
    .returning({ id: signInAttempts.id });
  if (!row) throw new Error('sign-in attempt insert returned nothing');
  return row.id;
};

export const markAttemptSucceeded = async (db: DbOrTx, id: string) => {
  await db.update(signInAttempts).set({ success: true }).where(eq(signInAttempts.id, id));
};

/** Failures are kept `failureHours`, successes (which mark a known client) `successDays`. */
export const pruneAttempts = async (db: DbOrTx, failureHours: number, successDays: number) => {
  await db
    .delete(signInAttempts)
    .where(
      or(
        and(
          eq(signInAttempts.success, false),
          lt(signInAttempts.createdAt, sql`now() - make_interval(hours => ${failureHours})`),
        ),
        lt(signInAttempts.createdAt, sql`now() - make_interval(days => ${successDays})`),
      ),
    );
};

// ---- refresh tokens ----

export const insertRefreshToken = async (db: DbOrTx, values: typeof refreshTokens.$inferInsert) => {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  if (!row) throw new Error('refresh token insert returned nothing');
  return row;
};

export const findRefreshToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
};

/**
 * Revokes a live token in one statement and returns it; of two concurrent calls with the same
 * token only one gets the row back, so a token rotates at most once.
 */
export const revokeLiveRefreshToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
};

/**
 * Whether the session `familyId` (the id token's `sid`) is still live: some refresh token of it is
 * unrevoked. Sign-out, reuse of a rotated token, a password reset and disabling revoke them all.
 */
export const isSessionLive = async (db: DbOrTx, familyId: string) => {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
};

export const revokeRefreshFamily = async (db: DbOrTx, familyId: string, ownerId?: string) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        ownerId === undefined ? undefined : eq(refreshTokens.ownerId, ownerId),
      ),
    );
};

/** Ends every refresh session of an owner (password reset or change, disabling: D5). */
export const revokeAllSessions = async (db: DbOrTx, ownerId: string) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.ownerId, ownerId), isNull(refreshTokens.revokedAt)));
};

// ---- password reset tokens ----

export const insertPasswordResetToken = async (
  db: DbOrTx,
  values: typeof passwordResetTokens.$inferInsert,
) => {
  await db.insert(passwordResetTokens).values(values);
};

export const countRecentResetTokens = async (db: DbOrTx, ownerId: string, windowMinutes: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.ownerId, ownerId),
        gt(passwordResetTokens.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return row?.n ?? 0;
};

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

export const findUsableResetToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db.select().from(passwordResetTokens).where(usable(tokenHash)).limit(1);
  return row;
};

/** Marks the token used if it still is usable; exactly one concurrent caller gets the row. */
export const consumeResetToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning();
  return row;
};

/** After a reset every other outstanding link of the owner dies too. */
export const voidResetTokens = async (db: DbOrTx, ownerId: string) => {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.ownerId, ownerId), isNull(passwordResetTokens.usedAt)));
};
