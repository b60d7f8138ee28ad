import type { DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { reserveMailSlots, setDueAt } from './invitations.repository.js';

export const INVITATION_MAIL_JOB = 'invitation.mail';
export type InvitationMailJob = { invitationId: string };

/**
 * Queues the mails of new or re-queued invitations at the pace's next free slots (D6 throttle:
 * `INVITATION_MAILS_PER_MINUTE`), in the caller's transaction, so an invitation exists exactly when
 * its mail job does and 10,000 invitations leave at the configured pace, across instances and restarts.
 */
export const createMailQueueing =
  ({ jobs, mailsPerMinute }: { jobs: Pick<JobQueue, 'sendMany'>; mailsPerMinute: number }) =>
  async (tx: DbOrTx, invitationIds: string[]) => {
    if (invitationIds.length === 0) return;
    const intervalMs = 60_000 / mailsPerMinute;
    const first = await reserveMailSlots(tx, invitationIds.length, intervalMs);
    const slots = invitationIds.map((id, i) => ({ id, dueAt: new Date(first.getTime() + i * intervalMs) }));
    await setDueAt(tx, slots);
    await jobs.sendMany<InvitationMailJob>(
      INVITATION_MAIL_JOB,
      slots.map((s) => ({ data: { invitationId: s.id }, startAfter: s.dueAt })),
      { tx },
    );
  };
