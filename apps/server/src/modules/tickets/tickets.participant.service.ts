import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { checkMedia } from '../../lib/media.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { sha256 } from '../../lib/secrets.js';
import { shorten } from '../../lib/text.js';
import { findTicketByTokenHash, ticketConversation } from '../../queries/tickets.query.js';
import type { HistoryService } from '../history/index.js';
import type { FileStorage } from '../storage/index.js';
import { participantName, toMedia, toParticipantComment, toParticipantTicket } from './tickets.dto.js';
import {
  attachMedia,
  confirmTicketEmail,
  insertComment,
  insertMedia,
  lockTicket,
  updateTicket,
} from './tickets.repository.js';
import { type MediaFile, participantLimits } from './tickets.shared.js';

/**
 * The participant's side of a campaign ticket (D14), by their private link (the credential): the
 * ticket page, replies with files, uploads, their files and the conversation's mails off or on; each
 * limited per ticket and per client address.
 */
export const createParticipantTickets = ({
  db,
  clock,
  storage,
  privacyUrl,
  history,
  mediaFile,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  privacyUrl: string | null;
  history: Pick<HistoryService, 'add'>;
  mediaFile: MediaFile;
}) => {
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

  /** The participant's ticket by a private link, or 404. */
  const byToken = async (token: string) => {
    const r = await findTicketByTokenHash(db, sha256(token));
    if (!r) throw notFound('ticket');
    return r;
  };

  return {
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
  };
};
