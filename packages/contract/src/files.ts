import { defineRoute } from './route.js';

/**
 * Files the server serves itself (D25 images), outside `/api`. The key is the rest of the path;
 * the route checks it itself (an invalid key is simply not found), so there is no params schema.
 */
export const fileApi = {
  get: defineRoute({
    method: 'GET',
    base: '',
    path: '/files/*',
    access: 'public',
    summary: 'A public file (campaign and question images)',
    tags: ['files'],
    status: 200,
  }),
} as const;
