import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from './runtime.js';

export const DEMO_EMAIL = 'demo@parley.localhost';

/**
 * D7: on the first start of an empty embedded database, a demo manufacturer and owner
 * (with connect, every feature flag on) so a newcomer can sign in and try everything at once; main.ts prints the password then, and
 * never again. Never with DATABASE_URL (a production database is not seeded, and nothing
 * of it is printed).
 *
 * "First start" is the marker the embedded database leaves in DATA_DIR when it creates the
 * `parley` database (db/embedded.ts); the first server start takes it away, seeding or not.
 * So a database started once with DEMO_SEED=false, or whose owners were all made with the
 * admin command line, never gets a demo owner (and its password in the log) later.
 */
export const seedDemo = async (rt: Runtime) => {
  if (rt.config.databaseUrl || !rt.embedded) return undefined;
  const firstStart = path.join(rt.config.dataDir, '.postgres-created');
  if (!existsSync(firstStart)) return undefined;
  if (!rt.config.demoSeed || (await rt.services.owner.count()) > 0) {
    await rm(firstStart, { force: true });
    return undefined;
  }
  const password = randomBytes(9).toString('base64url');
  const created = await rt.services.owner.createOwner({
    email: DEMO_EMAIL,
    password,
    name: 'Demo Owner',
    connect: true,
    manufacturerName: 'Demo Manufacturer',
  });
  // The demo shows every feature: the flags an operator sets per manufacturer (D8) are on.
  await rt.services.owner.setManufacturer(created.manufacturerId, {
    canComment: true,
    canPrivateNote: true,
    canSaveAnswerWithoutNotification: true,
    canExport: true,
    canUnpublish: true,
  });
  await rm(firstStart, { force: true });
  return { email: DEMO_EMAIL, password, ...created };
};
