import { isEmailAddress } from '@parley/contract';
import { AppError, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { invitationsOfContacts, listTempContacts } from '../../queries/invitations.query.js';
import { toInvitationSummary } from './invitations.dto.js';
import type { Inviting } from './invitations.invite.service.js';
import { requeue } from './invitations.repository.js';
import { type InvitationDeps, messages } from './invitations.shared.js';

/**
 * Temp contacts (D15): addresses invited without becoming contacts; the list with their invitations,
 * inviting them to more campaigns, re-sending their open invitations, removing them.
 */
export const createTempContacts = ({
  db,
  clock,
  queueMails,
  campaigns,
  contacts,
  inviting,
}: InvitationDeps & { inviting: Pick<Inviting, 'inviteContacts'> }) => {
  const { inviteContacts } = inviting;
  return {
    inviteTemp: (
      manufacturerId: string,
      b: { tempContactIds: string[]; campaignIds: string[]; callForCheck: boolean },
    ) => inviteContacts(manufacturerId, b.tempContactIds, b.campaignIds, b.callForCheck, 'temp'),

    tempList: async (
      manufacturerId: string,
      q: { page: number; limit: number; search?: string | undefined; campaignId?: string | undefined },
    ) => {
      const { rows, total } = await listTempContacts(db, {
        manufacturerId,
        search: q.search,
        campaignId: q.campaignId,
        limit: q.limit,
        offset: pageOffset(q),
      });
      const invs = await invitationsOfContacts(
        db,
        rows.map((r) => r.id),
      );
      return {
        documents: rows.map((r) => ({
          _id: r.id,
          email: r.email,
          unsubscribed: r.unsubscribed,
          createdAt: r.createdAt.toISOString(),
          invitations: invs
            .filter((i) => i.invitation.contactId === r.id)
            .map((i) => ({
              ...toInvitationSummary(i.invitation),
              campaignId: i.invitation.campaignId,
              campaignTitle: i.campaignTitle,
            })),
        })),
        total,
      };
    },

    /** Re-sends every open invitation of a temp contact, each with a new link. */
    tempReinvite: async (manufacturerId: string, rawEmail: string) => {
      const email = rawEmail.trim().toLowerCase();
      if (!isEmailAddress(email)) throw new AppError('contact/1', messages['contact/1'], 'email');
      const [contact] = await contacts.byEmails(db, manufacturerId, [email]);
      if (contact?.kind !== 'temp') throw notFound('temp contact');
      if ((await contacts.unsubscribedAmong(db, manufacturerId, [email])).size > 0) {
        throw new AppError('contact/7', messages['contact/7'], 'email');
      }
      const invs = (await invitationsOfContacts(db, [contact.id])).filter((i) =>
        ['sent', 'opened', 'failed'].includes(i.invitation.state),
      );
      return db.transaction(async (tx) => {
        const now = clock.now();
        const ids: string[] = [];
        for (const { invitation } of invs) {
          const c = await campaigns.row(manufacturerId, invitation.campaignId);
          if (c.state !== 'running') continue;
          const q = await requeue(tx, invitation.id, 'invitation', ['sent', 'opened', 'failed'], now);
          if (q) ids.push(q.id);
        }
        await queueMails(tx, ids);
        return { resent: ids.length };
      });
    },

    tempRemove: (manufacturerId: string, id: string) =>
      contacts.remove(manufacturerId, id, { eraseAnswers: false, kind: 'temp' }),

    tempRemoveMany: async (manufacturerId: string, ids: string[]) => {
      await contacts.removeMany(manufacturerId, ids, { eraseAnswers: false, kind: 'temp' });
    },
  };
};
