/** The owner module's public face: owners and manufacturers (the tenant, D4). A leaf: it imports no module. */
export { toManufacturerDto } from './owner.dto.js';
export {
  findOwnerByEmail,
  findOwnerById,
  findOwnerWithManufacturer,
  lockOwnerForShare,
  type ManufacturerRow,
  type OwnerRow,
  updateOwner,
} from './owner.repository.js';
export { ownerRoutes } from './owner.routes.js';
export { createOwnerService, type OwnerService, type OwnerServiceDeps } from './owner.service.js';
