import type { ParticipantStatistics } from '@parley/contract';
import { AppError, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { isOwnContactList } from '../../queries/contact-lists.query.js';
import { listContactsToAdd, listParticipants, participantCounts } from '../../queries/invitations.query.js';
import { toInvitationSummary } from './invitations.dto.js';
import type { Inviting } from './invitations.invite.service.js';
import { deleteInvitation, findInvitation, requeue } from './invitations.repository.js';
import { type InvitationDeps, messages } from './invitations.shared.js';

/**
 * A campaign's participants (D15, D12): adding contacts, the list with each one's invitation and
 * answers, the counts, the contacts to add, withdrawing and re-sending an invitation.
 */
export const createParticipants = ({
  db,
  clock,
  queueMails,
  campaigns,
  contacts,
  inviting,
}: InvitationDeps & { inviting: Pick<Inviting, 'inviteContacts'> }) => {
  const { inviteContacts } = inviting;

  const invitationOf = async (manufacturerId: string, campaignId: string, contactId: string) => {
    await campaigns.row(manufacturerId, campaignId);
    const row = await findInvitation(db, manufacturerId, campaignId, contactId);
    if (!row) throw notFound('invitation');
    return row;
  };

  const assertNotEnded = async (manufacturerId: string, campaignId: string) => {
    const c = await campaigns.row(manufacturerId, campaignId);
    // D12: an ended campaign's participants do not change.
    if (c.state === 'ended')
      throw new AppError('campaign/ended', 'The campaign has ended; restart it to change its participants.');
    return c;
  };

  return {
    addParticipants: async (
      manufacturerId: string,
      campaignId: string,
      b: { contacts: string[]; callForCheck: boolean },
    ) => {
      await assertNotEnded(manufacturerId, campaignId);
      return inviteContacts(manufacturerId, b.contacts, [campaignId], b.callForCheck);
    },

    participants: async (
      manufacturerId: string,
      campaignId: string,
      q: {
        page: number;
        limit: number;
        search?: string | undefined;
        'states[]'?: string[] | undefined;
        contactListId?: string | undefined;
      },
    ) => {
      await campaigns.row(manufacturerId, campaignId);
      if (q.contactListId && !(await isOwnContactList(db, manufacturerId, q.contactListId))) {
        throw notFound('contact list');
      }
      const { rows, total } = await listParticipants(db, {
        manufacturerId,
        campaignId,
        search: q.search,
        states: q['states[]'],
        contactListId: q.contactListId,
        limit: q.limit,
        offset: pageOffset(q),
      });
      return {
        documents: rows.map((r) => ({
          _id: r.contact.id,
          email: r.contact.email,
          kind: r.contact.kind,
          firstname: r.contact.firstname,
          lastname: r.contact.lastname,
          invitation: r.invitation ? toInvitationSummary(r.invitation) : null,
          state: r.state as ReturnType<typeof toInvitationSummary>['state'],
          ticketCount: r.ticketCount,
        })),
        total,
      };
    },

    statistics: async (manufacturerId: string, campaignId: string): Promise<ParticipantStatistics> => {
      await campaigns.row(manufacturerId, campaignId);
      const { byState, openLinkAnswers } = await participantCounts(db, campaignId);
      const n = (s: string) => byState.find((r) => r.state === s)?.n ?? 0;
      const invited = byState.reduce((sum, r) => sum + r.n, 0);
      const answered = n('answered');
      const wentOut = n('sent') + n('opened') + answered;
      return {
        invited,
        queued: n('queued') + n('sending'),
        sent: n('sent'),
        opened: n('opened'),
        answered,
        failed: n('failed'),
        unsubscribed: n('unsubscribed'),
        responseRate: wentOut === 0 ? 0 : answered / wentOut,
        openLinkAnswers,
      };
    },

    toAdd: async (
      manufacturerId: string,
      campaignId: string,
      q: { page: number; limit: number; search?: string | undefined },
    ) => {
      await campaigns.row(manufacturerId, campaignId);
      const { rows, total } = await listContactsToAdd(db, {
        manufacturerId,
        campaignId,
        search: q.search,
        limit: q.limit,
        offset: pageOffset(q),
      });
      return {
        documents: rows.map((r) => ({
          _id: r.id,
          email: r.email,
          kind: r.kind,
          firstname: r.firstname,
          lastname: r.lastname,
          unsubscribed: r.unsubscribed,
        })),
        total,
      };
    },

    /** Withdraws an invitation not answered yet: the row goes, so its links stop working. */
    withdraw: async (manufacturerId: string, campaignId: string, contactId: string) => {
      await assertNotEnded(manufacturerId, campaignId);
      const row = await invitationOf(manufacturerId, campaignId, contactId);
      // Deleted only if still not answered, in the same statement: an answer arriving meanwhile wins.
      if (row.state === 'answered' || !(await deleteInvitation(db, row.id))) {
        throw new AppError('invitation/answered', 'This person has answered already; the invitation stays.');
      }
    },

    /** Sends an invitation again with a new link: a failed one, or one not answered yet. */
    resend: async (manufacturerId: string, campaignId: string, contactId: string) => {
      const c = await assertNotEnded(manufacturerId, campaignId);
      if (c.state !== 'running')
        throw new AppError('contact/5', 'Only a running campaign sends invitations.');
      const row = await invitationOf(manufacturerId, campaignId, contactId);
      if (row.state === 'answered')
        throw new AppError('invitation/answered', 'This person has answered already.');
      const contact = await contacts.row(db, manufacturerId, contactId);
      if (
        row.state === 'unsubscribed' ||
        (contact && (await contacts.unsubscribedAmong(db, manufacturerId, [contact.email])).size > 0)
      ) {
        throw new AppError('contact/7', messages['contact/7']);
      }
      return db.transaction(async (tx) => {
        const now = clock.now();
        const queued = await requeue(tx, row.id, 'invitation', ['sent', 'opened', 'failed'], now);
        if (!queued) return toInvitationSummary(row);
        await queueMails(tx, [queued.id]);
        return toInvitationSummary(queued);
      });
    },
  };
};
