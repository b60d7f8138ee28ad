import type { MailNotifications } from '@parley/contract';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, uuidKey } from '../../db/columns.js';

const timestamps = {
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
};

/** A manufacturer: the tenant every record belongs to (D4), with its feature flags (D8). */
export const manufacturers = pgTable('manufacturers', {
  id: uuidKey(),
  name: text().notNull(),
  imageUrl: text(),
  answerLimitation: integer(),
  autoPublished: boolean().notNull().default(false),
  delayDays: integer().notNull().default(0),
  canUnpublish: boolean().notNull().default(false),
  canPrivateNote: boolean().notNull().default(false),
  canExport: boolean().notNull().default(false),
  canComment: boolean().notNull().default(false),
  isPartner: boolean().notNull().default(false),
  canSaveAnswerWithoutNotification: boolean().notNull().default(false),
  /** The IANA time zone the statistics count days in (D23). */
  timeZone: text().notNull().default('Europe/Berlin'),
  /** The country a phone number without country code is read in (docs/product-decisions.md, "Contacts"). */
  defaultCountry: text().notNull().default('DE'),
  /** Its privacy notice and imprint (https), on its public pages and mails; null: the installation's `PRIVACY_URL`. */
  privacyUrl: text(),
  imprintUrl: text(),
  ...timestamps,
});

/** An owner signs in to the console and belongs to exactly one manufacturer (D4). */
export const owners = pgTable(
  'owners',
  {
    id: uuidKey(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    /** Stored lowercased (D5); unique across all manufacturers since it is the sign-in name. */
    email: text().notNull().unique(),
    name: text().notNull().default(''),
    avatar: text(),
    /** Argon2id hash; null for an owner who signs in through an external provider only. */
    passwordHash: text(),
    isConnectEnabled: boolean().notNull().default(false),
    /** D20: the history kinds this owner also gets by mail; a kind not named takes its default. */
    mailNotifications: jsonb().$type<Partial<MailNotifications>>().notNull().default({}),
    /** The language of the owner's mails; the console sets it (docs/product-decisions.md, "Owner mails"). */
    language: text({ enum: ['de', 'en'] })
      .notNull()
      .default('en'),
    disabled: boolean().notNull().default(false),
    /** Id tokens issued before this instant are refused: a reset or disabling ends sessions (D5). */
    sessionsValidAfter: at().notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index().on(t.manufacturerId)],
);
