import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../identity/identity.password.js';
import { revokeAllSessions } from '../identity/identity.repository.js';
import {
  countOwners,
  findManufacturerById,
  findOwnerByEmail,
  findOwnerWithManufacturer,
  insertManufacturer,
  insertOwner,
  updateManufacturer,
  updateOwner,
} from './owner.repository.js';

/** Operator actions of D7 (the admin command line and the demo seed use them). */
export const createOwnerService = ({ db }: { db: Db }) => ({
  createOwner: async (input: {
    email: string;
    password: string;
    name?: string | undefined;
    connect?: boolean | undefined;
    manufacturerName?: string | undefined;
    manufacturerId?: string | undefined;
  }) => {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      if (await findOwnerByEmail(tx, email)) {
        throw new AppError('conflict/duplicate', `An owner with the email ${email} exists already.`, 'email');
      }
      // Checked here rather than left to the foreign key, so the operator reads which id is wrong.
      if (input.manufacturerId && !(await findManufacturerById(tx, input.manufacturerId))) {
        throw new AppError('not-found', `No manufacturer ${input.manufacturerId}.`, 'manufacturerId');
      }
      const manufacturerId =
        input.manufacturerId ?? (await insertManufacturer(tx, { name: input.manufacturerName ?? email })).id;
      const owner = await insertOwner(tx, {
        manufacturerId,
        email,
        name: input.name ?? email.split('@')[0] ?? '',
        passwordHash,
        isConnectEnabled: input.connect ?? false,
      });
      return { ownerId: owner.id, manufacturerId };
    });
  },

  setManufacturer: async (id: string, patch: Parameters<typeof updateManufacturer>[2]) => {
    const row = await updateManufacturer(db, id, patch);
    if (!row) throw new AppError('not-found', `No manufacturer ${id}.`);
    return row;
  },

  /**
   * Disabling ends the owner's sessions at once (D5): id tokens issued before now are refused and
   * every refresh token is revoked, together with the flag (refresh also refuses a disabled owner).
   */
  setDisabled: async (email: string, disabled: boolean) => {
    const owner = await findOwnerByEmail(db, email);
    if (!owner) throw new AppError('not-found', `No owner with the email ${email}.`);
    return db.transaction(async (tx) => {
      const row = await updateOwner(tx, owner.id, {
        disabled,
        ...(disabled ? { sessionsValidAfter: new Date() } : {}),
      });
      if (disabled) await revokeAllSessions(tx, owner.id);
      return row;
    });
  },

  setConnect: async (email: string, enabled: boolean) => {
    const owner = await findOwnerByEmail(db, email);
    if (!owner) throw new AppError('not-found', `No owner with the email ${email}.`);
    return updateOwner(db, owner.id, { isConnectEnabled: enabled });
  },

  find: (email: string) => findOwnerWithManufacturer(db, { email }),
  count: () => countOwners(db),
});
export type OwnerService = ReturnType<typeof createOwnerService>;
