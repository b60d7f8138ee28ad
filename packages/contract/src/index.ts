export * from './address-list.js';
export * from './answer-checks.js';
export * from './campaigns.js';
export * from './common.js';
export * from './contact-imports.js';
export * from './contact-lists.js';
export * from './contact-requests.js';
export * from './contacts.js';
export * from './files.js';
export * from './health.js';
export * from './history.js';
export * from './identity.js';
export * from './import-records.js';
export * from './info.js';
export * from './invitations.js';
export * from './owner.js';
export * from './owner-checks.js';
export * from './participation.js';
export * from './path-rule-checks.js';
export * from './phone.js';
export * from './posts.js';
export * from './public-paths.js';
export * from './question-checks.js';
export * from './questions.js';
export * from './results.js';
export * from './route.js';
export * from './secret-links.js';
export * from './survey-path.js';
export * from './tags.js';
export * from './template-placeholders.js';
export * from './templates.js';
export * from './ticket-media-checks.js';
export * from './tickets.js';
export * from './translation.js';

import { campaignRoutes } from './campaigns.js';
import { contactImportRoutes } from './contact-imports.js';
import { contactListRoutes } from './contact-lists.js';
import { contactRequestRoutes } from './contact-requests.js';
import { contactRoutes } from './contacts.js';
import { healthRoutes } from './health.js';
import { historyRoutes } from './history.js';
import { infoRoutes } from './info.js';
import { invitationRoutes } from './invitations.js';
import { ownerRoutes } from './owner.js';
import { participationRoutes } from './participation.js';
import { postRoutes } from './posts.js';
import { questionRoutes } from './questions.js';
import { resultRoutes } from './results.js';
import { tagRoutes } from './tags.js';
import { templateRoutes } from './templates.js';
import { ticketRoutes } from './tickets.js';
import { translationRoutes } from './translation.js';

/** Every API route, by area. The server registers exactly these; the console calls them. */
export const api = {
  owner: ownerRoutes,
  history: historyRoutes,
  info: infoRoutes,
  health: healthRoutes,
  campaigns: campaignRoutes,
  questions: questionRoutes,
  tickets: ticketRoutes,
  participation: participationRoutes,
  contacts: contactRoutes,
  invitations: invitationRoutes,
  contactImports: contactImportRoutes,
  contactLists: contactListRoutes,
  contactRequests: contactRequestRoutes,
  results: resultRoutes,
  posts: postRoutes,
  tags: tagRoutes,
  templates: templateRoutes,
  translation: translationRoutes,
} as const;
