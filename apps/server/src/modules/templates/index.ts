/** The templates module's public face: D21's response templates. A leaf (owner tables for the key only). */
export { templateErrorCodes } from './templates.errors.js';
export { templateRoutes } from './templates.routes.js';
export { createTemplateService, type TemplateService } from './templates.service.js';
