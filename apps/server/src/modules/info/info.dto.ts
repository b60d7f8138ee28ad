import type { InfoItem } from '@parley/contract';
import type { infoItems } from './info.tables.js';

export const toInfoItem = (r: typeof infoItems.$inferSelect): InfoItem => ({
  _id: r.id,
  platform: r.platform,
  category: r.category,
  language: r.language,
  title: r.title,
  text: r.text,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
});
