/**
 * The addresses of the public calls (no token), under `/api`. The routes in participation.ts and
 * info.ts are defined with these, and the public pages call them by these, without the routes' zod
 * schemas (see plain.ts).
 */
export const publicPaths = {
  survey: '/public/campaign/:id',
  submit: '/public/campaign/:id/answer',
  checkEmail: '/public/campaign/:id/check-email',
  ticket: '/public/ticket/:token',
  ticketComment: '/public/ticket/:token/comment',
  ticketMediaUpload: '/public/ticket/:token/media',
  ticketMedia: '/public/ticket/:token/media/:mediaId',
  ticketMails: '/public/ticket/:token/mails',
  ticketUnsubscribe: '/public/ticket/:token/unsubscribe',
  invitation: '/public/invitation/:token',
  invitationAnswer: '/public/invitation/:token/answer',
  unsubscribe: '/public/unsubscribe/:token',
  contactRequest: '/public/contact-request/:manufacturerId',
  sharedResults: '/public/results/:token',
  feedback: '/public/feedback/:manufacturerId',
  feedbackMedia: '/public/feedback/:manufacturerId/media',
  feedbackPost: '/public/feedback/:manufacturerId/post/:postId',
  feedbackReport: '/public/feedback/:manufacturerId/post/:postId/report',
  reportConfirmation: '/public/post-report/:token',
  reportConfirm: '/public/post-report/:token/confirm',
  authorPost: '/public/post/:token',
  authorComment: '/public/post/:token/comment',
  authorMedia: '/public/post/:token/media/:mediaId',
  authorMails: '/public/post/:token/mails',
  authorUnsubscribe: '/public/post/:token/unsubscribe',
  config: '/config',
} as const;

/**
 * Plausible's manual script, loaded when no ANALYTICS_SCRIPT_URL is configured; the server allows its
 * origin in the Content-Security-Policy, the console loads it.
 */
export const defaultPlausibleScriptUrl = 'https://plausible.io/js/script.manual.js';
