/** The info module's public face: information items for the console and its public configuration. A leaf. */
export { infoRoutes } from './info.routes.js';
export { createInfoService, type InfoService } from './info.service.js';
