import {
  type api,
  avatarUrlMessages,
  avatarUrlProblem,
  type HistoryKind,
  type Product,
  type RouteBody,
  type RouteQuery,
} from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Publisher } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import { toManufacturerDto, toOwnerListItem, toOwnerSmall } from './owner.dto.js';
import {
  countOwners,
  findManufacturerById,
  findOwnerByEmail,
  findOwnerById,
  findOwnerWithManufacturer,
  insertManufacturer,
  insertOwner,
  listOwnersOfManufacturer,
  lockOwnerForShare,
  type ManufacturerRow,
  mailRecipients,
  mergeMailNotifications,
  type OwnerRow,
  updateManufacturer,
  updateOwner,
} from './owner.repository.js';

/**
 * What the owner module tells the others, in the transaction of the change (lib/domain-events.ts):
 * `owner.disabled`, after which the owner's refresh sessions must end (the identity module's, D5).
 */
export type OwnerEvents = { 'owner.disabled': { ownerId: string } };

export type OwnerServiceDeps = {
  db: Db;
  clock: Clock;
  /** Tells the identity module, in the transaction that disables an owner, to end its sessions. */
  events: Publisher<OwnerEvents>;
  /** Plain-http avatar addresses are taken only in development (docs/product-decisions.md, "API-wide"). */
  allowHttpAvatars: boolean;
};

/**
 * Owners and manufacturers: the signed-in owner's own record and the manufacturer's owner list,
 * and the operator actions of D7 (the admin command line and the demo seed use them).
 */
export const createOwnerService = ({ db, clock, events, allowHttpAvatars }: OwnerServiceDeps) => ({
  /** The auth hook has already loaded the owner and its manufacturer in one query. */
  me: (owner: OwnerRow, manufacturer: ManufacturerRow) => toOwnerSmall(owner, manufacturer),

  updateMe: async (
    owner: OwnerRow,
    manufacturer: ManufacturerRow,
    body: RouteBody<typeof api.owner.updateMe>,
  ) => {
    // The contract took http(s); outside development only https is (the contract's one rule).
    const problem = body.avatar ? avatarUrlProblem(body.avatar, { allowHttp: allowHttpAvatars }) : undefined;
    if (problem) throw new AppError('validation', avatarUrlMessages[problem], 'avatar');
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
    };
    let updated = Object.keys(patch).length ? await updateOwner(db, owner.id, patch) : owner;
    if (body.mailNotifications && Object.keys(body.mailNotifications).length > 0) {
      updated = await mergeMailNotifications(db, owner.id, body.mailNotifications);
    }
    return toOwnerSmall(updated ?? owner, manufacturer);
  },

  /**
   * The manufacturer's settings (docs/product-decisions.md, "API-wide"): any of its owners may change
   * them (there are no team roles yet); absent keys stay, a null link falls back to `PRIVACY_URL`.
   */
  updateManufacturer: async (
    manufacturerId: string,
    body: RouteBody<typeof api.owner.updateManufacturer>,
  ) => {
    const patch = {
      ...(body.defaultCountry !== undefined ? { defaultCountry: body.defaultCountry } : {}),
      ...(body.privacyUrl !== undefined ? { privacyUrl: body.privacyUrl } : {}),
      ...(body.imprintUrl !== undefined ? { imprintUrl: body.imprintUrl } : {}),
    };
    const row = await updateManufacturer(db, manufacturerId, patch);
    if (!row) throw new AppError('not-found', 'No such manufacturer.');
    return toManufacturerDto(row);
  },

  list: async (manufacturerId: string, q: RouteQuery<typeof api.owner.list>) => {
    const { rows, total } = await listOwnersOfManufacturer(db, manufacturerId, {
      offset: pageOffset(q),
      limit: q.limit,
    });
    return { total, documents: rows.map(toOwnerListItem) };
  },

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

  /** Answers the manufacturer as the API shows it (the admin command line prints it). */
  setManufacturer: async (id: string, patch: Parameters<typeof updateManufacturer>[2]) => {
    const row = await updateManufacturer(db, id, patch);
    if (!row) throw new AppError('not-found', `No manufacturer ${id}.`);
    return toManufacturerDto(row);
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
        ...(disabled ? { sessionsValidAfter: clock.now() } : {}),
      });
      if (disabled) await events.publish(tx, 'owner.disabled', { ownerId: owner.id });
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

  // What the identity module needs of an owner, handed to it by the composition root.

  findByEmail: (tx: DbOrTx, email: string) => findOwnerByEmail(tx, email),
  findById: (id: string) => findOwnerById(db, id),
  /** A manufacturer by id (a public page's heading), or undefined. */
  manufacturer: (id: string) => findManufacturerById(db, id),
  /** The owner with its manufacturer, by id or by email (the auth hook's one query). */
  findWithManufacturer: (by: { id: string } | { email: string }) => findOwnerWithManufacturer(db, by),
  /** Holds the owner's row (and its password hash) for the caller's transaction. */
  lockForShare: (tx: DbOrTx, id: string) => lockOwnerForShare(tx, id),
  update: (tx: DbOrTx, id: string, patch: Parameters<typeof updateOwner>[2]) => updateOwner(tx, id, patch),
  /** Who of the manufacturer's owners gets mail of a history kind (D20), read in the caller's transaction. */
  mailRecipients: (tx: DbOrTx, manufacturerId: string, kind: HistoryKind, product: Product) =>
    mailRecipients(tx, manufacturerId, kind, product),
});
export type OwnerService = ReturnType<typeof createOwnerService>;
