import { z } from 'zod';
import { idSchema, isoDateSchema, languageSchema, listOf } from './common.js';
import { publicPaths } from './public-paths.js';
import { defineRoute } from './route.js';

export const infoItemSchema = z.object({
  _id: idSchema,
  platform: z.string(),
  category: z.string(),
  language: languageSchema.nullable(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: isoDateSchema,
});
export type InfoItem = z.infer<typeof infoItemSchema>;

/** Public configuration the console needs before sign-in (support link, analytics, tracing). */
export const publicConfigSchema = z.object({
  supportUrl: z.string().nullable(),
  supportEmail: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  environment: z.string(),
  analytics: z.object({
    provider: z.enum(['none', 'plausible']),
    domain: z.string().nullable(),
    scriptUrl: z.string().nullable(),
  }),
  sentryDsn: z.string().nullable(),
  /** Share of page loads and navigations traced (0–1; default: all). */
  tracesSampleRate: z.number().min(0).max(1),
  appCheckRequired: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const infoRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/info/all',
    access: 'public',
    summary: 'Information items for a platform and category (public)',
    tags: ['info'],
    query: z.object({
      platform: z.string().min(1).max(50),
      category: z.string().min(1).max(50),
      language: languageSchema.optional(),
    }),
    status: 200,
    response: listOf(infoItemSchema),
  }),
  config: defineRoute({
    method: 'GET',
    path: publicPaths.config,
    access: 'public',
    summary: 'Public configuration of the console',
    tags: ['info'],
    status: 200,
    response: publicConfigSchema,
  }),
} as const;
