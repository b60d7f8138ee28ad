import type { InvitationOrigin } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { contacts } from '../contacts/contacts.tables.js';

/**
 * One contact invited to one campaign (docs/product-decisions.md, "Invitations"). Its mail is sent
 * by a job; `sending` is the state between claiming the mail and the mail server's answer, so a crash
 * there never sends it twice (the sweep turns a stale `sending` into `failed`, which the owner can
 * re-send). Withdrawing deletes the row, so its link stops working.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    state: text({ enum: ['queued', 'sending', 'sent', 'failed', 'opened', 'answered', 'unsubscribed'] })
      .notNull()
      .default('queued'),
    /**
     * SHA-256 of each personal link's token mailed so far (/p/i/:token and /p/unsubscribe/:token):
     * every mail (invitation, reminder, re-send) carries a new token and the earlier links keep working
     * until the invitation is withdrawn.
     */
    tokenHashes: text().array().notNull().default(sql`'{}'::text[]`),
    /** Which mail the queued job sends: the invitation, or reminder number `reminderCount + 1`. */
    pendingMail: text({ enum: ['invitation', 'reminder'] })
      .notNull()
      .default('invitation'),
    reminderCount: integer().notNull().default(0),
    /**
     * When the queued mail's slot of the pace comes. A queued invitation long past it lost its job
     * (a crashed instance held it): the sweep queues it again (the mail job is idempotent).
     */
    dueAt: at(),
    sentAt: at(),
    /** When the last mail (invitation or reminder) went out: reminders count from it. */
    lastMailedAt: at(),
    openedAt: at(),
    answeredAt: at(),
    failedAt: at(),
    error: text(),
    /** Why it was made when not by the owner's hand: the tag group it joined (contract's invitationOriginSchema). */
    origin: jsonb().$type<InvitationOrigin>(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    uniqueIndex().on(t.campaignId, t.contactId),
    index().on(t.contactId),
    index('invitations_token_hashes_idx').using('gin', t.tokenHashes),
    index('invitations_campaign_created_idx').on(t.campaignId, t.createdAt, t.id),
    index('invitations_queued_due_idx').on(t.dueAt).where(sql`${t.state} = 'queued'`),
    // The reminder sweep: mailed invitations still waiting for an answer.
    index('invitations_awaiting_idx')
      .on(t.lastMailedAt)
      .where(sql`${t.state} in ('sent', 'opened') and ${t.reminderCount} < 2`),
  ],
);

/**
 * The mail pacing of D6's throttle: the instant the next invitation mail may start. One row; every
 * invitation call reserves its mails' slots in the transaction that makes them, so the pace holds
 * across instances and restarts.
 */
export const mailPace = pgTable('mail_pace', {
  name: text().primaryKey(),
  nextAt: at().notNull(),
});
