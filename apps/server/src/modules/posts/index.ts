/**
 * The posts module's public face: the platform area (D19): the owner's feed and moderation, the
 * public feedback page, the author's private page and auto-publish. Depends on owner (the
 * manufacturer's settings), history and mail.
 */

export { postErrorCodes } from './posts.errors.js';
export { createPostJobs, POSTS_SWEEP_JOB, type PostJobs } from './posts.jobs.js';
export { postRoutes } from './posts.routes.js';
export { createPostService, type PostService } from './posts.service.js';
export { AUTO_PUBLISH_JOB, type PostActor, postLimits, postTransitions } from './posts.shared.js';
