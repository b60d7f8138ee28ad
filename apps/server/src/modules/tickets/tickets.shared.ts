import type { Language, TemplateValues } from '@parley/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { FeatureFlag } from '../../lib/features.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { MailMessage } from '../mail/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { ByteRange, FileStorage } from '../storage/index.js';
import { type ConversationMailKind, conversationMail } from './tickets.mail.js';
import { findMedia } from './tickets.repository.js';

/** What the tickets module's use cases share: the actor, the limits, placeholders, the conversation's mails, a file. */

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

/** A ticket's file: its row, and a way to read all of it or a byte range (a video player's). */
export const createMediaFile =
  ({ db, storage }: { db: Db; storage: FileStorage }) =>
  async (ticketId: string, mediaId: string) => {
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
  };
export type MediaFile = ReturnType<typeof createMediaFile>;
