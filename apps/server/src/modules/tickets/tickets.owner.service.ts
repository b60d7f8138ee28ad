import { renderTemplate, type TicketFilterQuery, ticketIdsMax, type Vote } from '@parley/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type FeatureFlag, requireFeature } from '../../lib/features.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { isOwnContactList } from '../../queries/contact-lists.query.js';
import {
  findTicketWithContact,
  listTicketIds,
  listTickets,
  type TicketWithContext,
  ticketConversation,
  ticketSeenAt,
} from '../../queries/tickets.query.js';
import type { CampaignService } from '../campaigns/index.js';
import type { HistoryService } from '../history/index.js';
import type { MailService } from '../mail/index.js';
import { toComment, toManuAnswer, toTicket, toTicketListItem } from './tickets.dto.js';
import type { ConversationMailKind } from './tickets.mail.js';
import {
  archiveTickets,
  deleteComment,
  findComment,
  insertComment,
  insertTicketLinks,
  lockTicket,
  markRead,
  type TicketRow,
  updateTicket,
  withVote,
} from './tickets.repository.js';
import {
  type ConversationMailer,
  type MediaFile,
  type TicketActor,
  templateValuesOf,
} from './tickets.shared.js';

const archived = () =>
  new AppError('ticket/archived', 'The ticket is archived: restore it before changing it.');

/**
 * The owner's side of campaign tickets (D14): the inbox (list and ids by filter), opening a ticket,
 * and the conversation's writes on the locked ticket (answer, comments, note, archive, ratings), and
 * a participant's file.
 */
export const createOwnerTickets = ({
  db,
  clock,
  mail,
  campaigns,
  history,
  mailer,
  mediaFile,
}: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  campaigns: Pick<CampaignService, 'row'>;
  history: Pick<HistoryService, 'subjectOpened'>;
  mailer: ConversationMailer;
  mediaFile: MediaFile;
}) => {
  /** Queues a conversation mail unless the participant is gone or turned the mails off; answers whether it did. */
  const queueMail = async (
    tx: DbOrTx,
    kind: ConversationMailKind,
    r: TicketWithContext,
    mailsOff: boolean,
    message: string,
    now: Date,
  ) => {
    if (mailsOff) return false;
    const built = mailer.build(kind, r, message, now);
    if (!built) return false;
    await insertTicketLinks(tx, [built.link]);
    await mail.send(built.mail, { tx });
    return true;
  };

  /**
   * Runs a write on the owner's ticket: the ticket locked in one transaction (its changes happen one
   * after another), another manufacturer's id answering 404, an archived one refusing.
   */
  const write = async <T>(
    actor: TicketActor,
    id: string,
    fn: (tx: DbOrTx, t: TicketRow, r: TicketWithContext, now: Date) => Promise<T>,
    o: { archivedToo?: boolean; feature?: FeatureFlag | undefined } = {},
  ) =>
    db.transaction(async (tx) => {
      const t = await lockTicket(tx, id, actor.manufacturerId);
      if (!t) throw notFound('ticket');
      // After the lookup: another manufacturer's ticket is not found, whatever this one's flags.
      if (o.feature) requireFeature(actor.manufacturer, o.feature);
      if (t.ignored && !o.archivedToo) throw archived();
      const r = await findTicketWithContact(tx, actor.manufacturerId, id);
      if (!r) throw notFound('ticket');
      return fn(tx, t, r, clock.now());
    });

  /**
   * The filter within the owner's manufacturer. Every query of it names the manufacturer, so it finds
   * nothing of another's; only an empty answer asks whether its campaign or list is another maker's
   * (404, not an empty list), which spares the usual request a round trip.
   */
  const filterScope = (
    actor: Pick<TicketActor, 'manufacturerId' | 'ownerId'>,
    q: TicketFilterQuery & { campaignId?: string | undefined },
  ) => ({ ...q, manufacturerId: actor.manufacturerId, ownerId: actor.ownerId });
  const checkScope = async (
    manufacturerId: string,
    q: { campaignId?: string | undefined; contactListId?: string | undefined },
  ) => {
    if (q.campaignId) await campaigns.row(manufacturerId, q.campaignId);
    if (q.contactListId && !(await isOwnContactList(db, manufacturerId, q.contactListId))) {
      throw notFound('contact list');
    }
  };

  return {
    list: async (
      actor: Pick<TicketActor, 'manufacturerId' | 'ownerId'>,
      q: TicketFilterQuery & {
        campaignId?: string | undefined;
        page: number;
        limit: number;
        after?: string | undefined;
      },
    ) => {
      const after = q.after ? decodeCursor(q.after, q.sort) : undefined;
      const { rows, total, atLeast } = await listTickets(db, {
        ...filterScope(actor, q),
        limit: q.limit,
        offset: pageOffset(q),
        after,
      });
      if (rows.length === 0) await checkScope(actor.manufacturerId, q);
      return {
        documents: rows.map(toTicketListItem),
        total,
        ...(atLeast ? { totalAtLeast: true } : {}),
        ...nextCursor(rows, q.limit, q.sort, (r) => ({ key: r.key, id: r.ticket.id })),
      };
    },

    ids: async (
      actor: Pick<TicketActor, 'manufacturerId' | 'ownerId'>,
      campaignId: string,
      q: TicketFilterQuery,
    ) => {
      const scope = filterScope(actor, { ...q, campaignId: campaignId === 'all' ? undefined : campaignId });
      const found = await listTicketIds(db, { ...scope, max: ticketIdsMax });
      if (found.ids.length === 0) await checkScope(actor.manufacturerId, scope);
      return found;
    },

    /**
     * Opening a ticket reads its history entries; with `markSeen` the participant's messages become
     * seen by this owner (after this answer, which still marks them new).
     */
    open: async (actor: Pick<TicketActor, 'manufacturerId' | 'ownerId'>, id: string, markSeen: boolean) => {
      const r = await findTicketWithContact(db, actor.manufacturerId, id);
      if (!r) throw notFound('ticket');
      const [conversation, seenAt] = await Promise.all([
        ticketConversation(db, id),
        ticketSeenAt(db, id, actor.ownerId),
      ]);
      await history.subjectOpened(actor, 'campaignTicket', id);
      // Seen up to what this answer shows: a reply stored meanwhile stays new.
      const newest = conversation.findLast((e) => e.comment.author === 'participant')?.comment.createdAt;
      if (markSeen) await markRead(db, id, actor.ownerId, newest ?? r.ticket.createdAt);
      return toTicket(r, conversation, { readerId: actor.ownerId, seenAt });
    },

    answer: async (actor: TicketActor, id: string, body: { manuAnswer: string; notify: boolean }) => {
      return write(
        actor,
        id,
        async (tx, t, r, now) => {
          const text = renderTemplate(body.manuAnswer, templateValuesOf(r));
          const mailed = body.notify ? await queueMail(tx, 'answer', r, t.mailsOff, text, now) : false;
          const row = await updateTicket(tx, id, {
            manuAnswer: text,
            manuAnsweredAt: now,
            manuAnsweredBy: actor.ownerName || null,
            manuAnswerNotified: mailed,
            lastActivityAt: now,
            updatedAt: now,
          });
          if (!row) throw notFound('ticket');
          const answer = toManuAnswer(row);
          if (!answer) throw new Error('the stored answer is missing');
          return answer;
        },
        { feature: body.notify ? undefined : 'canSaveAnswerWithoutNotification' },
      );
    },

    comment: async (actor: TicketActor, id: string, description: string) => {
      return write(
        actor,
        id,
        async (tx, t, r, now) => {
          const text = renderTemplate(description, templateValuesOf(r));
          const row = await insertComment(tx, {
            manufacturerId: actor.manufacturerId,
            ticketId: id,
            author: 'owner',
            ownerId: actor.ownerId,
            authorName: actor.ownerName || null,
            description: text,
            createdAt: now,
          });
          await updateTicket(tx, id, {
            commentCount: sql`comment_count + 1`,
            lastActivityAt: now,
            updatedAt: now,
          });
          await queueMail(tx, 'comment', r, t.mailsOff, text, now);
          return toComment(
            { comment: row, media: [] },
            { contact: r.contact, readerId: actor.ownerId, seenAt: now },
          );
        },
        { feature: 'canComment' },
      );
    },

    deleteComment: async (actor: TicketActor, id: string, commentId: string) => {
      await write(
        actor,
        id,
        async (tx, _t, _r, now) => {
          const c = await findComment(tx, id, commentId);
          if (!c) throw notFound('comment');
          if (c.author !== 'owner' || c.ownerId !== actor.ownerId) {
            throw new AppError('ticket/not-own-comment', 'Only your own comments can be deleted.');
          }
          await deleteComment(tx, commentId);
          await updateTicket(tx, id, { commentCount: sql`greatest(comment_count - 1, 0)`, updatedAt: now });
        },
        { feature: 'canComment' },
      );
    },

    privateNote: async (actor: TicketActor, id: string, privateNote: string) => {
      return write(
        actor,
        id,
        async (tx, _t, _r, now) => {
          const row = await updateTicket(tx, id, { privateNote: privateNote || null, updatedAt: now });
          return { privateNote: row?.privateNote ?? null };
        },
        { feature: 'canPrivateNote' },
      );
    },

    /** Archiving is the one write an archived ticket takes (restoring it). */
    ignore: (actor: TicketActor, id: string, ignore: boolean) =>
      write(
        actor,
        id,
        async (tx, _t, _r, now) => {
          const row = await updateTicket(tx, id, { ignored: ignore, updatedAt: now });
          return { ignored: row?.ignored ?? ignore };
        },
        { archivedToo: true },
      ),

    /** The inbox's bulk archive and restore (docs/product-decisions.md, "The ticket conversation"). */
    bulkArchive: async (manufacturerId: string, ids: string[], archived: boolean) => ({
      changed: await archiveTickets(db, manufacturerId, [...new Set(ids)], archived, clock.now()),
    }),

    rate: (actor: TicketActor, id: string, questionId: string, vote: Vote | null) =>
      write(actor, id, async (tx, t, _r, now) => {
        if (!t.answers.some((a) => a.questionId === questionId)) throw notFound('answer');
        const next = withVote(t.ratings, questionId, vote);
        await updateTicket(tx, id, { ...next, updatedAt: now });
        return { ratings: next.ratings };
      }),

    /** A participant's file, for an owner of the ticket's manufacturer. */
    ownerMedia: async (manufacturerId: string, id: string, mediaId: string) => {
      const r = await findTicketWithContact(db, manufacturerId, id);
      if (!r) throw notFound('ticket');
      return mediaFile(id, mediaId);
    },
  };
};
