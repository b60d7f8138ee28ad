// Every table of the server, for Drizzle's relational queries and drizzle-kit.
export * from '../lib/rate-limit.tables.js';
export * from '../modules/campaigns/campaigns.tables.js';
export * from '../modules/contact-lists/contact-lists.tables.js';
export * from '../modules/contact-requests/contact-requests.tables.js';
export * from '../modules/contacts/contacts.tables.js';
export * from '../modules/history/history.tables.js';
export * from '../modules/identity/identity.tables.js';
export * from '../modules/imports/imports.tables.js';
export * from '../modules/info/info.tables.js';
export * from '../modules/invitations/invitations.tables.js';
export * from '../modules/owner/owner.tables.js';
export * from '../modules/posts/posts.tables.js';
export * from '../modules/questions/questions.tables.js';
export * from '../modules/results/results.tables.js';
export * from '../modules/tags/tags.tables.js';
export * from '../modules/templates/templates.tables.js';
export * from '../modules/tickets/tickets.tables.js';
