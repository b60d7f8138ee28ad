/**
 * The results module's public face (D23): a campaign's statistics and per-question results counted by
 * PostgreSQL (queries/results.query.ts), the XLSX and PDF exports (streamed), the shared results link
 * and the dashboard's running campaigns. Depends on the campaigns and questions services.
 */
export { resultErrorCodes } from './results.errors.js';
export { resultRoutes } from './results.routes.js';
export { createResultService, type ResultService } from './results.service.js';
