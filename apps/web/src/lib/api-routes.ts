import { api as routes } from 'virtual:console-api';
import type { api as contractApi } from '@parley/contract';

/**
 * The API's routes for the console's calls: the contract's `api` (its types, so `call(api.owner.meSmall)`
 * is typed as before) without the zod schemas, which stay on the server's side of a call. Built from the
 * contract by the console build (vite-plugins.ts, `consoleApiRoutes`), so a screen that only calls the API
 * loads none of zod or the phone rules; a screen that validates a form with a contract schema imports that.
 */
export const api = routes as unknown as typeof contractApi;
