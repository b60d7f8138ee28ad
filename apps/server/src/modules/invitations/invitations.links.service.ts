import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/secrets.js';
import { invitationByTokenHash } from '../../queries/invitations.query.js';
import { markAnswered, markOpened, markUnsubscribed } from './invitations.repository.js';
import type { InvitationDeps } from './invitations.shared.js';

/**
 * The participant's side of an invitation, by the personal link's token: unsubscribing (D15
 * contact/7), and the survey page's invitation, opened and answered.
 */
export const createInvitationLinks = ({
  db,
  clock,
  contacts,
}: Pick<InvitationDeps, 'db' | 'clock' | 'contacts'>) => ({
  unsubscribeInfo: async (token: string) => {
    const row = await invitationByTokenHash(db, sha256(token));
    if (!row) throw notFound('link');
    const unsub = await contacts.unsubscribedAmong(db, row.invitation.manufacturerId, [row.contact.email]);
    return {
      email: row.contact.email,
      manufacturerName: row.manufacturerName,
      unsubscribed: unsub.size > 0,
    };
  },

  /** One click: the address gets no more invitations or reminders from this manufacturer (D15 contact/7). */
  unsubscribe: async (token: string) => {
    const row = await invitationByTokenHash(db, sha256(token));
    if (!row) throw notFound('link');
    await db.transaction(async (tx) => {
      const now = clock.now();
      await contacts.unsubscribe(tx, row.invitation.manufacturerId, row.contact.email, now);
      await markUnsubscribed(tx, row.invitation.manufacturerId, row.contact.id, now);
    });
  },

  /** The invitation behind a personal link (participation's survey page). */
  byToken: (token: string) => invitationByTokenHash(db, sha256(token)),
  markOpened: (id: string) => markOpened(db, id, clock.now()),
  /** In the answer's transaction: the contact answered the campaign (by any link). */
  markAnswered: (tx: DbOrTx, campaignId: string, contactId: string, now: Date) =>
    markAnswered(tx, campaignId, contactId, now),
});
