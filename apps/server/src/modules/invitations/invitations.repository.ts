import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveJobExists } from '../../jobs/queue.js';
import { anyOf } from '../../lib/any-of.js';
import { invitations, mailPace } from './invitations.tables.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

/** Inserts invitations; a contact already invited to the campaign is skipped. Answers the rows made. */
export const insertInvitations = async (db: DbOrTx, rows: NewInvitation[]) => {
  if (rows.length === 0) return [] as InvitationRow[];
  const out: InvitationRow[] = [];
  // PostgreSQL takes at most 65,535 parameters a statement: 500 rows of 6 values stay far below.
  for (let i = 0; i < rows.length; i += 500) {
    out.push(
      ...(await db
        .insert(invitations)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: [invitations.campaignId, invitations.contactId] })
        .returning()),
    );
  }
  return out;
};

/** The (campaign, contact) pairs among these that already have an invitation, as `campaign:contact`. */
export const invitedPairs = async (db: DbOrTx, campaignIds: string[], contactIds: string[]) => {
  if (campaignIds.length === 0 || contactIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ campaignId: invitations.campaignId, contactId: invitations.contactId })
    .from(invitations)
    .where(
      and(inArray(invitations.campaignId, campaignIds), anyOf(invitations.contactId, contactIds, 'uuid')),
    );
  return new Set(rows.map((r) => `${r.campaignId}:${r.contactId}`));
};

export const findInvitationByTokenHash = async (db: DbOrTx, hash: string) => {
  const [row] = await db
    .select()
    .from(invitations)
    .where(sql`${invitations.tokenHashes} @> array[${hash}]::text[]`)
    .limit(1);
  return row;
};

export const findInvitation = async (
  db: DbOrTx,
  manufacturerId: string,
  campaignId: string,
  contactId: string,
) => {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.manufacturerId, manufacturerId),
        eq(invitations.campaignId, campaignId),
        eq(invitations.contactId, contactId),
      ),
    )
    .limit(1);
  return row;
};

export const findInvitationById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return row;
};

/**
 * Claims a queued invitation's mail with its new token: only one claimer wins, so the mail goes out
 * at most once even when a job runs twice. Answers the row, or undefined when it was not queued.
 */
export const claimMail = async (db: DbOrTx, id: string, tokenHash: string, now: Date) => {
  const [row] = await db
    .update(invitations)
    .set({
      state: 'sending',
      tokenHashes: sql`${invitations.tokenHashes} || array[${tokenHash}]::text[]`,
      updatedAt: now,
    })
    .where(and(eq(invitations.id, id), eq(invitations.state, 'queued')))
    .returning();
  return row;
};

/** The mail server took it: sent (an opened invitation's reminder keeps it opened). */
export const markMailed = async (db: DbOrTx, row: InvitationRow, now: Date) => {
  const reminder = row.pendingMail === 'reminder';
  await db
    .update(invitations)
    .set({
      state: row.openedAt ? 'opened' : 'sent',
      sentAt: row.sentAt ?? now,
      lastMailedAt: now,
      reminderCount: reminder ? sql`${invitations.reminderCount} + 1` : invitations.reminderCount,
      pendingMail: 'invitation',
      error: null,
      failedAt: null,
      updatedAt: now,
    })
    .where(and(eq(invitations.id, row.id), eq(invitations.state, 'sending')));
};

/**
 * A mail that did not go out. An invitation's becomes `failed` (or `unsubscribed`); a reminder's
 * leaves the invitation as it was before (`opened` or `sent`: the invitation itself did reach the
 * person) with the error kept, and no more reminders follow.
 */
export const markNotSent = async (
  db: DbOrTx,
  row: InvitationRow,
  outcome: 'failed' | 'unsubscribed',
  error: string,
  now: Date,
  from: 'sending' | 'queued',
) => {
  const reminder = row.pendingMail === 'reminder' && outcome === 'failed';
  await db
    .update(invitations)
    .set({
      state: reminder ? (row.openedAt ? 'opened' : 'sent') : outcome,
      error: error.slice(0, 500),
      failedAt: now,
      pendingMail: 'invitation',
      reminderCount: reminder ? 2 : invitations.reminderCount,
      updatedAt: now,
    })
    .where(and(eq(invitations.id, row.id), eq(invitations.state, from)));
};

/**
 * The first opening of a mailed link: its instant is kept whatever the state (a reminder may be
 * queued meanwhile, and its sending then keeps `opened`); the state moves from sent or failed only.
 */
export const markOpened = async (db: DbOrTx, id: string, now: Date) => {
  await db
    .update(invitations)
    .set({
      state: sql`case when ${invitations.state} in ('sent', 'failed') then 'opened' else ${invitations.state} end`,
      openedAt: sql`coalesce(${invitations.openedAt}, ${now})`,
      updatedAt: now,
    })
    .where(and(eq(invitations.id, id), sql`${invitations.state} not in ('answered', 'unsubscribed')`));
};

/** The contact answered the campaign (by its link or the open one): no more reminders. */
export const markAnswered = async (db: DbOrTx, campaignId: string, contactId: string, now: Date) => {
  await db
    .update(invitations)
    .set({ state: 'answered', answeredAt: sql`coalesce(${invitations.answeredAt}, ${now})`, updatedAt: now })
    .where(and(eq(invitations.campaignId, campaignId), eq(invitations.contactId, contactId)));
};

/** An address unsubscribed: its invitations not answered yet stop (no mail, no reminder). */
export const markUnsubscribed = async (db: DbOrTx, manufacturerId: string, contactId: string, now: Date) => {
  await db
    .update(invitations)
    .set({ state: 'unsubscribed', updatedAt: now })
    .where(
      and(
        eq(invitations.manufacturerId, manufacturerId),
        eq(invitations.contactId, contactId),
        sql`${invitations.state} <> 'answered'`,
      ),
    );
};

/** Puts an invitation back in the queue for a new mail (a re-send or a reminder). */
export const requeue = async (
  db: DbOrTx,
  id: string,
  mail: 'invitation' | 'reminder',
  fromStates: InvitationRow['state'][],
  now: Date,
) => {
  const [row] = await db
    .update(invitations)
    .set({ state: 'queued', pendingMail: mail, error: null, failedAt: null, updatedAt: now })
    .where(and(eq(invitations.id, id), inArray(invitations.state, fromStates)))
    .returning();
  return row;
};

/** Deletes an invitation not answered; answers whether it did. */
export const deleteInvitation = async (db: DbOrTx, id: string) => {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), sql`${invitations.state} <> 'answered'`))
    .returning({ id: invitations.id });
  return rows.length === 1;
};

/** A claim whose process died mid-mail: failed for the owner to re-send, never sent again. */
const failedByCrash = (now: Date) => ({
  state: 'failed' as const,
  error: 'The mail may not have gone out: the server stopped while sending it.',
  failedAt: now,
  updatedAt: now,
});

/**
 * Claims left `sending` by a process that died mid-mail become `failed`: the owner can re-send them.
 * A claim older than `claimBefore` whose mail job is neither waiting nor held by a live process
 * (docs/product-decisions.md, "Jobs after a crash") lost its process; one older than `before` is
 * taken as lost whatever its job shows.
 */
export const failStaleSending = async (
  db: DbOrTx,
  o: { before: Date; claimBefore: Date; now: Date; jobName: string },
) => {
  const rows = await db
    .update(invitations)
    .set(failedByCrash(o.now))
    .where(
      and(
        eq(invitations.state, 'sending'),
        or(
          sql`${invitations.updatedAt} < ${o.before}`,
          and(
            sql`${invitations.updatedAt} < ${o.claimBefore}`,
            not(liveJobExists(o.jobName, 'invitationId', sql`${invitations.id}::text`)),
          ),
        ),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length;
};

/**
 * The claim of an invitation found `sending` by its mail job `jobId` becomes `failed` when no other of
 * its mail jobs is live: the claim was made by this job's earlier try, whose process is gone (its
 * claim expired, so the job was tried again). Never sent again (docs/product-decisions.md, "Jobs
 * after a crash"). Answers whether it did.
 */
export const failOrphanedClaim = async (
  db: DbOrTx,
  o: { invitationId: string; jobName: string; jobId: string; now: Date },
) => {
  const rows = await db
    .update(invitations)
    .set(failedByCrash(o.now))
    .where(
      and(
        eq(invitations.id, o.invitationId),
        eq(invitations.state, 'sending'),
        not(liveJobExists(o.jobName, 'invitationId', sql`${invitations.id}::text`, o.jobId)),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
};

/**
 * Reserves `n` consecutive slots of the invitation mail pace and answers the first one's instant;
 * slot `i` starts `i * intervalMs` after it. In the caller's transaction, so concurrent invitations
 * (on any instance) queue behind each other. The pace is real time, the database's, as the job
 * queue's `startAfter` is (not the rules' clock, which tests move).
 */
export const reserveMailSlots = async (db: DbOrTx, n: number, intervalMs: number) => {
  await db.insert(mailPace).values({ name: 'invitations', nextAt: sql`now()` }).onConflictDoNothing();
  const span = n * intervalMs;
  const [row] = await db
    .update(mailPace)
    .set({ nextAt: sql`greatest(${mailPace.nextAt}, now()) + (${span} * interval '1 millisecond')` })
    .where(eq(mailPace.name, 'invitations'))
    .returning({ nextAt: mailPace.nextAt });
  if (!row) throw new Error('the mail pace row is missing');
  return new Date(row.nextAt.getTime() - span);
};

/** Records each queued invitation's slot (see `dueAt`), in one statement. */
export const setDueAt = async (db: DbOrTx, slots: { id: string; dueAt: Date }[]) => {
  if (slots.length === 0) return;
  // Two parameters, each a list as text (Drizzle would spread an array into one parameter per item).
  const ids = slots.map((s) => s.id).join(',');
  const dues = slots.map((s) => s.dueAt.toISOString()).join(',');
  await db.execute(sql`update ${invitations} set due_at = v.due
    from unnest(string_to_array(${ids}, ',')::uuid[], string_to_array(${dues}, ',')::timestamptz[]) as v(id, due)
    where ${invitations.id} = v.id`);
};

/**
 * Queued invitations whose slot passed and that have no mail job waiting nor one held by a live
 * process (the job queue's own table, pg-boss's `pgboss.job`): their job was lost with a crashed
 * instance, or is held by one that was killed (its claim expired). An invitation that is only late
 * (the mail server slower than the pace) still has its job and is left alone.
 */
export const lostQueued = async (db: DbOrTx, before: Date, limit: number, jobName: string) => {
  const rows = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.state, 'queued'),
        sql`${invitations.dueAt} < ${before}`,
        not(liveJobExists(jobName, 'invitationId', sql`${invitations.id}::text`)),
      ),
    )
    .orderBy(invitations.dueAt)
    .limit(limit);
  return rows.map((r) => r.id);
};
