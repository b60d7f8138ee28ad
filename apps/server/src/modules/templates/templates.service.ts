import type { TemplateBody, TemplateMessage } from '@parley/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import './templates.errors.js';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  isTitleTaken,
  listTemplates,
  type TemplateRow,
  updateTemplate,
} from './templates.repository.js';

const toTemplate = (r: TemplateRow): TemplateMessage => ({
  _id: r.id,
  title: r.title,
  language: r.language,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const titleTaken = () =>
  new AppError('template/title-taken', 'A template with this title exists in this language.', 'title');

/** A unique index refusal becomes the named conflict; anything else goes on. */
const orTitleTaken = (err: unknown): never => {
  throw isTitleTaken(err) ? titleTaken() : err;
};

/**
 * D21's response templates (docs/product-decisions.md, "Response templates"): a manufacturer's
 * texts with placeholders, which the contract's schema has checked (unknown ones are refused,
 * named). Filling them in happens where a text is used (tickets).
 */
export const createTemplateService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  list: async (
    manufacturerId: string,
    q: { page: number; limit: number; search?: string | undefined; language?: 'de' | 'en' | undefined },
  ) => {
    const { rows, total } = await listTemplates(db, { manufacturerId, ...q, offset: pageOffset(q) });
    return { documents: rows.map(toTemplate), total };
  },
  create: async (manufacturerId: string, body: Required<TemplateBody>) => {
    const now = clock.now();
    const row = await insertTemplate(db, {
      manufacturerId,
      title: body.title,
      language: body.language,
      text: body.text,
      createdAt: now,
      updatedAt: now,
    }).catch(orTitleTaken);
    return toTemplate(row);
  },
  update: async (manufacturerId: string, id: string, body: Partial<TemplateBody>) => {
    const set = {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.text !== undefined ? { text: body.text } : {}),
    };
    const row =
      Object.keys(set).length === 0
        ? await findTemplate(db, manufacturerId, id)
        : await updateTemplate(db, manufacturerId, id, { ...set, updatedAt: clock.now() }).catch(
            orTitleTaken,
          );
    if (!row) throw notFound('template');
    return toTemplate(row);
  },
  remove: async (manufacturerId: string, id: string) => {
    if (!(await deleteTemplate(db, manufacturerId, id))) throw notFound('template');
  },
});
export type TemplateService = ReturnType<typeof createTemplateService>;
