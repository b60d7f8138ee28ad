import {
  type ContactRequest,
  type ContactRequestAcceptReport,
  type ContactRequestForm,
  type ContactRequestStatus,
  contactCodes,
  contactRequestTrapField,
} from '@parley/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { e164OrRefuse } from '../../lib/phone.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactService } from '../contacts/index.js';
import type { HistoryService } from '../history/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { OwnerService } from '../owner/index.js';
import './contact-requests.errors.js';
import {
  type ContactRequestRow,
  decideRequests,
  listRequests,
  lockRequests,
  upsertPendingRequest,
} from './contact-requests.repository.js';

/**
 * How often the public form may be sent (docs/product-decisions.md, "Contact requests"): per client
 * address, and per address asking one manufacturer (a repeat while pending is merged anyway).
 */
export const contactRequestLimits = {
  perClient: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 24 * 60 * 60_000 },
} as const;

type Reader = { manufacturerId: string; ownerId: string };
type Campaigns = Map<string, { _id: string; title: string }>;

const toRequest = (r: ContactRequestRow, kinds: Map<string, 'contact' | 'temp'>, titles: Campaigns) => ({
  _id: r.id,
  firstname: r.firstname,
  lastname: r.lastname,
  email: r.email,
  phoneNumber: r.phoneNumber,
  message: r.message,
  status: r.status,
  language: r.language,
  submissions: r.submissions,
  contact: r.contactId ? { _id: r.contactId, kind: kinds.get(r.contactId) ?? 'contact' } : null,
  campaigns: r.campaignIds.flatMap((id) => {
    const c = titles.get(id);
    return c ? [c] : [];
  }),
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Contact requests (D18; docs/product-decisions.md, "Contact requests"): the public form that stores
 * a pending request (merged with the address's pending one and linked to its contact), the owner's
 * list, and the one decision per request: accept (the person becomes a contact invited to running
 * campaigns, in one transaction) or reject.
 */
export const createContactRequestService = ({
  db,
  clock,
  log,
  privacyUrl,
  owners,
  campaigns,
  contacts,
  invitations,
  history,
}: {
  db: Db;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  privacyUrl: string | null;
  owners: Pick<OwnerService, 'manufacturer'>;
  campaigns: Pick<CampaignService, 'titles'>;
  contacts: Pick<
    ContactService,
    'byEmails' | 'byIds' | 'upsertByEmail' | 'addRequestDetails' | 'unsubscribedAmong'
  >;
  invitations: Pick<InvitationService, 'runningCampaigns' | 'inviteInTx'>;
  history: Pick<HistoryService, 'add'>;
}) => {
  const perClient = createRateLimiter(db, {
    name: 'contact-request-client',
    clock,
    ...contactRequestLimits.perClient,
  });
  const perEmail = createRateLimiter(db, {
    name: 'contact-request-email',
    clock,
    ...contactRequestLimits.perEmail,
  });

  const manufacturerOr404 = async (id: string) => {
    const m = await owners.manufacturer(id);
    if (!m) throw notFound('contact form');
    return m;
  };

  /** The manufacturer's requests among `ids`, locked; 404 for one that is not theirs, 409 for one decided. */
  const pendingOnes = async (
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    manufacturerId: string,
    ids: string[],
  ) => {
    const unique = [...new Set(ids)];
    const rows = await lockRequests(tx, manufacturerId, unique);
    if (rows.length !== unique.length) throw notFound('contact request');
    const decided = rows.filter((r) => r.status !== 'pending');
    if (decided.length > 0) {
      throw new AppError(
        'contact-request/decided',
        `${decided.length === 1 ? 'This request was' : `${decided.length} of these requests were`} decided already (${decided
          .map((r) => `${r.email}: ${r.status}`)
          .join(', ')}); a request is accepted or rejected once.`,
        'ids',
      );
    }
    return rows;
  };

  return {
    formInfo: async (manufacturerId: string) => {
      const m = await manufacturerOr404(manufacturerId);
      // The manufacturer's own links, else the installation's (docs/product-decisions.md, "API-wide").
      return {
        manufacturerName: m.name,
        imageUrl: m.imageUrl,
        privacyUrl: m.privacyUrl ?? privacyUrl,
        imprintUrl: m.imprintUrl,
      };
    },

    submit: async (manufacturerId: string, b: ContactRequestForm & { email: string }, clientIp: string) => {
      const m = await manufacturerOr404(manufacturerId);
      // The bot trap: answered like a stored request, and nothing is stored.
      const trap = (b as Record<string, unknown>)[contactRequestTrapField];
      if (typeof trap === 'string' && trap.trim() !== '') {
        log.info({ manufacturerId }, 'contact request dropped by the bot trap');
        return;
      }
      // Checked loosely by the form; stored in E.164 in the manufacturer's default country, or refused.
      const phoneNumber = b.phoneNumber ? e164OrRefuse(b.phoneNumber, m.defaultCountry) : null;
      await perClient.hit(clientIp);
      const email = b.email.toLowerCase();
      await db.transaction(async (tx) => {
        await perEmail.hitIn(tx, `${manufacturerId}:${email}`);
        const now = clock.now();
        const [contact] = await contacts.byEmails(tx, manufacturerId, [email]);
        const { row, isNew } = await upsertPendingRequest(tx, {
          manufacturerId,
          email,
          firstname: b.firstname,
          lastname: b.lastname,
          phoneNumber,
          message: b.message ?? null,
          language: b.language ?? null,
          contactId: contact?.id ?? null,
          now,
        });
        if (isNew) {
          await history.add(tx, {
            manufacturerId,
            product: 'connect',
            kind: 'newContactRequest',
            subject: { type: 'contactRequest', id: row.id, title: `${row.firstname} ${row.lastname}` },
            data: { email },
          });
        }
      });
    },

    list: async (
      manufacturerId: string,
      q: {
        page: number;
        limit: number;
        'statuses[]'?: ContactRequestStatus[] | undefined;
        search?: string | undefined;
      },
    ) => {
      const [{ rows, total }, byStatus] = await listRequests(db, {
        manufacturerId,
        statuses: q['statuses[]'],
        search: q.search,
        limit: q.limit,
        offset: pageOffset(q),
      });
      const contactIds = [...new Set(rows.flatMap((r) => (r.contactId ? [r.contactId] : [])))];
      const kinds = new Map(
        (await contacts.byIds(db, manufacturerId, contactIds)).map((c) => [c.id, c.kind]),
      );
      const titles: Campaigns = new Map(
        (
          await campaigns.titles(
            manufacturerId,
            rows.flatMap((r) => r.campaignIds),
          )
        ).map((c) => [c.id, { _id: c.id, title: c.title }]),
      );
      const n = (s: ContactRequestStatus) => byStatus.find((r) => r.status === s)?.n ?? 0;
      return {
        documents: rows.map((r): ContactRequest => toRequest(r, kinds, titles)),
        total,
        counts: { pending: n('pending'), accepted: n('accepted'), rejected: n('rejected') },
      };
    },

    /**
     * Accepts pending requests: each person becomes a contact (the address's contact if there is one)
     * with the request's phone and message, and is invited to the running campaigns chosen (maybe
     * none); all or nothing.
     */
    accept: async (
      reader: Reader,
      b: { ids: string[]; campaignIds: string[] },
    ): Promise<ContactRequestAcceptReport> => {
      const { manufacturerId } = reader;
      // No campaign chosen: the people become contacts without an invitation
      // (docs/product-decisions.md, "Contact requests").
      const targets =
        b.campaignIds.length === 0 ? [] : await invitations.runningCampaigns(manufacturerId, b.campaignIds);
      const campaignIds = targets.map((c) => c.id);
      return db.transaction(async (tx) => {
        const rows = await pendingOnes(tx, manufacturerId, b.ids);
        const now = clock.now();
        const known = new Set(
          (
            await contacts.byEmails(
              tx,
              manufacturerId,
              rows.map((r) => r.email),
            )
          )
            .filter((c) => c.kind === 'contact')
            .map((c) => c.email),
        );
        const unsubscribed = await contacts.unsubscribedAmong(
          tx,
          manufacturerId,
          rows.map((r) => r.email),
        );
        const report: ContactRequestAcceptReport = {
          accepted: 0,
          newContacts: 0,
          invitations: 0,
          problems: [],
        };
        const accepted: { request: ContactRequestRow; contact: { id: string; email: string } }[] = [];
        for (const r of rows) {
          const contact = await contacts.upsertByEmail(
            tx,
            { manufacturerId, email: r.email, firstname: r.firstname, lastname: r.lastname },
            now,
          );
          await contacts.addRequestDetails(
            tx,
            contact,
            { phoneNumber: r.phoneNumber, note: r.message, authorId: null },
            now,
          );
          accepted.push({ request: r, contact: { id: contact.id, email: contact.email } });
        }
        // One call for everyone: their mails take their slots of the pace together, at the end.
        const made = await invitations.inviteInTx(
          tx,
          manufacturerId,
          accepted.map((a) => a.contact),
          campaignIds,
          now,
        );
        const invitedContacts = new Set(made.map((m) => m.contactId));
        await decideRequests(
          tx,
          accepted.map((a) => ({ id: a.request.id, contactId: a.contact.id })),
          { status: 'accepted', by: reader.ownerId, now, campaignIds },
        );
        report.accepted = accepted.length;
        report.invitations = made.length;
        for (const { request: r, contact } of accepted) {
          if (!known.has(r.email)) report.newContacts += 1;
          if (campaignIds.length === 0 || invitedContacts.has(contact.id)) continue;
          const code = unsubscribed.has(r.email) ? contactCodes.unsubscribed : contactCodes.alreadyInvited;
          report.problems.push({
            _id: r.id,
            email: r.email,
            code,
            message:
              code === contactCodes.unsubscribed
                ? 'This address has unsubscribed from your invitations: it became a contact, but gets no invitation.'
                : 'This person is invited to these campaigns already, or has answered them.',
          });
        }
        return report;
      });
    },

    reject: async (reader: Reader, ids: string[]) =>
      db.transaction(async (tx) => {
        const rows = await pendingOnes(tx, reader.manufacturerId, ids);
        const now = clock.now();
        await decideRequests(
          tx,
          rows.map((r) => ({ id: r.id, contactId: r.contactId })),
          { status: 'rejected', by: reader.ownerId, now },
        );
        return { rejected: rows.length };
      }),
  };
};
export type ContactRequestService = ReturnType<typeof createContactRequestService>;
