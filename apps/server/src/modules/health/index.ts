/** The health module's public face: the load balancer's probes and the instance's draining state. A leaf. */
export { healthRoutes } from './health.routes.js';
export { createHealthService, type HealthService } from './health.service.js';
