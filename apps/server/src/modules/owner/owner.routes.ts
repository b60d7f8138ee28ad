import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { listOwnersOfManufacturer, toOwnerSmall, updateOwner } from './owner.repository.js';

export const ownerRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  // The auth hook has already loaded the owner and its manufacturer in one query.
  route(app, api.owner.meSmall, async (req) => {
    const { owner, manufacturer } = authOf(req);
    return toOwnerSmall(owner, manufacturer);
  });

  route(app, api.owner.updateMe, async (req) => {
    const { owner, manufacturer } = authOf(req);
    const patch = {
      ...(req.body.name !== undefined ? { name: req.body.name } : {}),
      ...(req.body.avatar !== undefined ? { avatar: req.body.avatar } : {}),
    };
    const updated = Object.keys(patch).length ? await updateOwner(db, owner.id, patch) : owner;
    return toOwnerSmall(updated ?? owner, manufacturer);
  });

  route(app, api.owner.list, async (req) => {
    const { manufacturer } = authOf(req);
    const { page, limit } = req.query;
    const { documents, total } = await listOwnersOfManufacturer(db, manufacturer.id, {
      offset: (page - 1) * limit,
      limit,
    });
    return {
      total,
      documents: documents.map((o) => ({
        _id: o.id,
        name: o.name,
        email: o.email,
        avatar: o.avatar,
        disabled: o.disabled,
        createdAt: o.createdAt.toISOString(),
      })),
    };
  });
};
