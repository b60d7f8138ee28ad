import { randomBytes } from 'node:crypto';
import type { Runtime } from './runtime.js';

export const DEMO_EMAIL = 'demo@parley.localhost';

/**
 * D7: on first start with an empty embedded database, a demo manufacturer and owner
 * (with connect) so a newcomer can sign in at once. Never with DATABASE_URL.
 */
export const seedDemo = async (rt: Runtime) => {
  if (rt.config.databaseUrl || !rt.config.demoSeed || (await rt.owners.count()) > 0) return undefined;
  const password = randomBytes(9).toString('base64url');
  const created = await rt.owners.createOwner({
    email: DEMO_EMAIL,
    password,
    name: 'Demo Owner',
    connect: true,
    manufacturerName: 'Demo Manufacturer',
  });
  return { email: DEMO_EMAIL, password, ...created };
};
