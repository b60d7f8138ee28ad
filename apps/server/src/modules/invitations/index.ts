/**
 * The invitations module's public face (D15, D16, D11 reminders): inviting addresses and contacts to
 * running campaigns (by address, by id or by the contact list's filter), the mails with personal
 * links (jobs), a campaign's participants, temp contacts, and unsubscribing. Depends on campaigns,
 * contacts and mail.
 */
export { INVITE_CONTACTS_JOB } from './invitations.by-filter.js';
export { createInvitationJobs, INVITATION_SWEEP_JOB, type InvitationJobs } from './invitations.jobs.js';
export { INVITATION_MAIL_JOB } from './invitations.queue.js';
export { invitationRoutes } from './invitations.routes.js';
export { createInvitationService, type InvitationService } from './invitations.service.js';
