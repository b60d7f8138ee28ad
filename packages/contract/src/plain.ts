/**
 * The contract's rules that need no zod, for pages that must stay light (docs/architecture.md,
 * "The public pages"): the survey page imports `@parley/contract/plain` and so loads none of zod.
 * Each rule here is the one definition; the zod schemas of the rest of the contract use it. The
 * feedback form's rules are `@parley/contract/post-checks`, apart: whatever this file exports is in the
 * survey page's shared chunk, and the survey page does not need them.
 */
export * from './answer-checks.js';
export * from './contact-checks.js';
export * from './contact-request-checks.js';
export * from './identity-paths.js';
export * from './limits.js';
export * from './public-paths.js';
export * from './secret-links.js';
export * from './survey-path.js';
export * from './template-placeholders.js';
export * from './ticket-media-checks.js';
