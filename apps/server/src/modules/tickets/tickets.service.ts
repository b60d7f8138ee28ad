import {
  type Language,
  renderTemplate,
  type TemplateValues,
  type TicketFilterQuery,
  ticketIdsMax,
  type Vote,
} from '@parley/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type FeatureFlag, requireFeature } from '../../lib/features.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { shorten } from '../../lib/text.js';
import { isOwnContactList } from '../../queries/contact-lists.query.js';
import {
  findTicketByTokenHash,
  findTicketWithContact,
  listTicketIds,
  listTickets,
  type TicketWithContext,
  ticketConversation,
  ticketSeenAt,
} from '../../queries/tickets.query.js';
import type { CampaignService } from '../campaigns/index.js';
import type { HistoryService } from '../history/index.js';
import type { MailMessage, MailService } from '../mail/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { ByteRange, FileStorage } from '../storage/index.js';
import './tickets.errors.js';
import { checkMedia } from '../../lib/media.js';
import {
  participantName,
  toComment,
  toManuAnswer,
  toMedia,
  toParticipantComment,
  toParticipantTicket,
  toTicket,
  toTicketListItem,
} from './tickets.dto.js';
import { type ConversationMailKind, conversationMail } from './tickets.mail.js';
import {
  archiveTickets,
  attachMedia,
  confirmTicketEmail,
  contactHasTicket,
  deleteComment,
  deleteTicketsOfContacts,
  findComment,
  findMedia,
  findTicketBySubmission,
  insertComment,
  insertMedia,
  insertTicket,
  insertTicketLinks,
  lockTicket,
  markRead,
  mediaKeysOfContacts,
  type NewTicket,
  type TicketRow,
  updateTicket,
  withVote,
} from './tickets.repository.js';

/** The signed-in owner acting on a ticket, with the flags that gate the conversation (D8). */
export type TicketActor = {
  manufacturerId: string;
  ownerId: string;
  ownerName: string;
  manufacturer: Pick<ManufacturerRow, FeatureFlag>;
};

/**
 * Participants' limits on their ticket page: generous for a person writing back, tight for a
 * script (docs/product-decisions.md, "The ticket conversation").
 */
export const participantLimits = {
  commentsPerTicket: { max: 30, windowMs: 60 * 60_000 },
  uploadsPerTicket: { max: 30, windowMs: 60 * 60_000 },
  perAddress: { max: 120, windowMs: 60 * 60_000 },
} as const;

/** A recipient's placeholder values (D21): the participant's own names, the campaign, the maker. */
export const templateValuesOf = (r: {
  contact: { firstname: string | null; lastname: string | null } | null;
  campaign: { title: string };
  manufacturerName: string;
}): TemplateValues => ({
  'contact.firstname': r.contact?.firstname ?? null,
  'contact.lastname': r.contact?.lastname ?? null,
  'campaign.title': r.campaign.title,
  'manufacturer.name': r.manufacturerName,
});

/**
 * Makes the mails of the conversation: each gets a fresh private link to the ticket page (only its
 * SHA-256 is stored, in the caller's transaction) and a one-click way to turn the mails off.
 */
export const createConversationMailer = (publicUrl: string) => {
  const build = (
    kind: ConversationMailKind,
    r: {
      ticket: { id: string; language: Language; manufacturerId: string };
      contact: { email: string; firstname: string | null } | null;
      campaign: { title: string };
      manufacturerName: string;
    },
    message: string,
    now: Date,
    subject?: string,
  ) => {
    if (!r.contact) return undefined;
    const token = randomToken();
    const mail: MailMessage = conversationMail({
      kind,
      to: r.contact.email,
      language: r.ticket.language,
      firstname: r.contact.firstname,
      manufacturerId: r.ticket.manufacturerId,
      manufacturerName: r.manufacturerName,
      campaignTitle: r.campaign.title,
      message,
      ticketLink: `${publicUrl}/p/t/${token}`,
      unsubscribeLink: `${publicUrl}/p/t/${token}?mails=off`,
      unsubscribeApiUrl: `${publicUrl}/api/public/ticket/${token}/unsubscribe`,
      subject,
    });
    return { mail, link: { ticketId: r.ticket.id, tokenHash: sha256(token), createdAt: now } };
  };
  return { build };
};
export type ConversationMailer = ReturnType<typeof createConversationMailer>;

const archived = () =>
  new AppError('ticket/archived', 'The ticket is archived: restore it before changing it.');

/**
 * Campaign tickets (D14): the owner's inbox and conversation, the participant's side of it, and the
 * ticket writes the participation module makes in its answer transaction.
 */
export const createTicketService = ({
  db,
  clock,
  mail,
  storage,
  publicUrl,
  privacyUrl,
  campaigns,
  history,
}: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  storage: FileStorage;
  publicUrl: string;
  privacyUrl: string | null;
  campaigns: Pick<CampaignService, 'row' | 'uncountTickets'>;
  history: Pick<HistoryService, 'subjectOpened' | 'add'>;
}) => {
  const mailer = createConversationMailer(publicUrl);
  const commentsPerTicket = createRateLimiter(db, {
    name: 'ticket-comment',
    clock,
    ...participantLimits.commentsPerTicket,
  });
  const uploadsPerTicket = createRateLimiter(db, {
    name: 'ticket-upload',
    clock,
    ...participantLimits.uploadsPerTicket,
  });
  const perAddress = createRateLimiter(db, {
    name: 'ticket-address',
    clock,
    ...participantLimits.perAddress,
  });

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

  /** The participant's ticket by a private link, or 404. */
  const byToken = async (token: string) => {
    const r = await findTicketByTokenHash(db, sha256(token));
    if (!r) throw notFound('ticket');
    return r;
  };

  return {
    // The owner's inbox and ticket.

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

    // The participant's side (their private link is the credential).

    /** The participant's ticket by their private link; the first opening confirms the address. */
    participantView: async (token: string) => {
      const r = await byToken(token);
      if (!r.ticket.emailConfirmedAt) await confirmTicketEmail(db, r.ticket.id, clock.now());
      return toParticipantTicket(r, await ticketConversation(db, r.ticket.id), privacyUrl);
    },

    /**
     * The participant's reply, with the files uploaded for it. It restores an archived ticket (a
     * reply reopens the conversation, as in a help desk), tells the owners (history and their mail
     * switch) and is limited per ticket and per client address.
     */
    participantComment: async (
      token: string,
      body: { description: string; mediaIds: string[] },
      clientAddress: string,
    ) => {
      const r = await byToken(token);
      await perAddress.hit(clientAddress);
      return db.transaction(async (tx) => {
        const t = await lockTicket(tx, r.ticket.id);
        if (!t) throw notFound('ticket');
        // Counted with the reply: a refused one spends nothing of the ticket's budget.
        await commentsPerTicket.hitIn(tx, t.id);
        const now = clock.now();
        const row = await insertComment(tx, {
          manufacturerId: t.manufacturerId,
          ticketId: t.id,
          author: 'participant',
          description: body.description,
          createdAt: now,
        });
        const media = body.mediaIds.length > 0 ? await attachMedia(tx, t.id, body.mediaIds, row.id) : [];
        if (media.length !== new Set(body.mediaIds).size) {
          throw new AppError(
            'validation',
            'mediaIds: name only files uploaded for this ticket and not sent with another reply.',
            'mediaIds',
          );
        }
        await updateTicket(tx, t.id, {
          commentCount: sql`comment_count + 1`,
          lastActivityAt: now,
          lastParticipantActivityAt: now,
          ignored: false,
          emailConfirmedAt: t.emailConfirmedAt ?? now,
          updatedAt: now,
        });
        const who = participantName(r.contact) ?? '';
        await history.add(tx, {
          manufacturerId: t.manufacturerId,
          product: 'connect',
          kind: 'newComment',
          subject: { type: 'campaignTicket', id: t.id, title: r.campaign.title },
          data: {
            campaignId: r.campaign.id,
            participant: who,
            excerpt: shorten(body.description, 300),
            media: media.length,
          },
        });
        return toParticipantComment({ comment: row, media }, r.manufacturerName, participantName(r.contact));
      });
    },

    /**
     * Whether this link may upload now: the ticket exists and the client and ticket have budget
     * left. Called before a byte of the upload is read, so a made-up link or a flood costs no memory.
     */
    participantUploadAllowed: async (token: string, clientAddress: string) => {
      const r = await byToken(token);
      await perAddress.hit(clientAddress);
      await uploadsPerTicket.hit(r.ticket.id);
      return { ticketId: r.ticket.id, manufacturerId: r.ticket.manufacturerId };
    },

    /** Stores a participant's upload (checked by its bytes) under the ticket, privately (D25). */
    participantUpload: async (ticket: { ticketId: string; manufacturerId: string }, bytes: Buffer) => {
      const { contentType, kind } = checkMedia(bytes);
      const key = `private/tickets/${ticket.ticketId}/${crypto.randomUUID()}`;
      await storage.put(key, bytes, {
        contentType,
        metadata: { ticketId: ticket.ticketId, manuId: ticket.manufacturerId },
      });
      const row = await insertMedia(db, {
        manufacturerId: ticket.manufacturerId,
        ticketId: ticket.ticketId,
        storageKey: key,
        kind,
        contentType,
        size: bytes.length,
        createdAt: clock.now(),
      }).catch(async (err: unknown) => {
        // The ticket went meanwhile (erased): its file must not stay behind.
        await storage.delete(key).catch(() => undefined);
        throw err;
      });
      return toMedia(row);
    },

    participantMedia: async (token: string, mediaId: string) => {
      const r = await byToken(token);
      return mediaFile(r.ticket.id, mediaId);
    },

    /** The participant turns this conversation's mails off (a mail's one-click link too) or on again. */
    setMailsOff: async (token: string, mailsOff: boolean) => {
      const r = await byToken(token);
      await updateTicket(db, r.ticket.id, { mailsOff, updatedAt: clock.now() });
      return { mailsOff };
    },

    // The participant's answer (participation module), in its transaction or on `db`.

    /** Stores a ticket; undefined when its submission was stored before (see `insertTicket`). */
    insert: (tx: DbOrTx, values: NewTicket) => insertTicket(tx, values),
    findBySubmission: (tx: DbOrTx, campaignId: string, submissionId: string) =>
      findTicketBySubmission(tx, campaignId, submissionId),
    contactHasTicket: (tx: DbOrTx, campaignId: string, contactId: string) =>
      contactHasTicket(tx, campaignId, contactId),
    /** A fresh private link token to the ticket page, stored (its SHA-256) in the caller's transaction. */
    newLink: async (tx: DbOrTx, ticketId: string, now: Date) => {
      const token = randomToken();
      await insertTicketLinks(tx, [{ ticketId, tokenHash: sha256(token), createdAt: now }]);
      return token;
    },
    /** GDPR erasure: deletes the contacts' tickets and takes them out of their campaigns' counts. */
    eraseOfContacts: async (tx: DbOrTx, manufacturerId: string, contactIds: string[]) => {
      const files = await mediaKeysOfContacts(tx, manufacturerId, contactIds);
      const perCampaign = await deleteTicketsOfContacts(tx, manufacturerId, contactIds);
      for (const [campaignId, n] of perCampaign) await campaigns.uncountTickets(tx, campaignId, n);
      // The files the participants attached go too (erasure comes first: should the transaction
      // still fail, a kept ticket's file answers 404 rather than a person's data staying).
      for (const key of files) await storage.delete(key).catch(() => undefined);
    },
  };

  /** A ticket's file: its row, and a way to read all of it or a byte range (a video player's). */
  async function mediaFile(ticketId: string, mediaId: string) {
    const m = await findMedia(db, ticketId, mediaId);
    if (!m) throw notFound('file');
    return {
      contentType: m.contentType,
      size: m.size,
      open: async (range?: ByteRange) => {
        const file = await storage.get(m.storageKey, range);
        if (!file) throw notFound('file');
        return file;
      },
    };
  }
};
export type TicketService = ReturnType<typeof createTicketService>;
