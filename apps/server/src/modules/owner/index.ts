/** The owner module's public face: owners and manufacturers (the tenant, D4). A leaf: it imports no module. */
export type { ManufacturerRow, OwnerRow } from './owner.repository.js';
export { ownerRoutes } from './owner.routes.js';
export {
  createOwnerService,
  type OwnerEvents,
  type OwnerService,
  type OwnerServiceDeps,
} from './owner.service.js';
