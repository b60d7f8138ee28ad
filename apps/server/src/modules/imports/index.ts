/**
 * The imports module's public face: contact imports from CSV files, run as jobs with progress.
 * Depends on campaigns, contacts, invitations and storage.
 */
export { importRoutes } from './imports.routes.js';
export { CONTACT_IMPORT_JOB, createImportService, type ImportService } from './imports.service.js';
