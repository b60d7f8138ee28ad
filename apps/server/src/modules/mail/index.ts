/** The mail module's public face: outgoing mail, queued in the transaction of the write it announces. */
export { escapeHtml, mailButton, oneClickUnsubscribeHeaders, privateLinkMailBody } from './mail.format.js';
export {
  createMailer,
  createMailService,
  MAIL_JOB,
  type Mailer,
  type MailMessage,
  type MailService,
} from './mail.service.js';
