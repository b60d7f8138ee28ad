import { api, type ContactFilter, type InviteReport } from '@parley/contract';
import { call } from '@/lib/api-client';

/**
 * What an invitation dialog invites: pasted addresses, chosen contacts' addresses, every contact the
 * contact list's filter matches (its "all matching", `count` of them), or temp contacts.
 */
export type InviteTarget =
  | { kind: 'addresses' }
  | { kind: 'contacts'; emails: string[] }
  | { kind: 'matching'; filter: ContactFilter; count: number }
  | { kind: 'temp'; ids: string[] };

export type InviteInput = {
  target: InviteTarget;
  /** The addresses of `addresses` (pasted) and `contacts`. */
  emails: string[];
  campaignIds: string[];
  tags: string[];
  /** D16: only say what it would do. */
  callForCheck: boolean;
};

/**
 * POST /contact (addresses or the list's filter, with tags) or PATCH /contact/temp/invite-campaigns
 * (temp contacts): both answer D16's report.
 */
export const invite = ({
  target,
  emails,
  campaignIds,
  tags,
  callForCheck,
}: InviteInput): Promise<InviteReport> =>
  target.kind === 'temp'
    ? call(api.contacts.tempInviteCampaigns, {
        body: { tempContactIds: target.ids, campaignIds, callForCheck },
      })
    : target.kind === 'matching'
      ? call(api.contacts.invite, { body: { filter: target.filter, campaignIds, tags, callForCheck } })
      : call(api.contacts.invite, { body: { emails, campaignIds, tags, callForCheck } });
