import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { contacts } from '../contacts/contacts.tables.js';
import { manufacturers, owners } from '../owner/owner.tables.js';

/**
 * Someone who asked, through the manufacturer's public form, to be contacted (D18). Pending until an
 * owner accepts or rejects it, once; a second form from the same address while one is pending is
 * merged into it (docs/product-decisions.md, "Contact requests").
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text().notNull(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    phoneNumber: text(),
    message: text(),
    language: text({ enum: ['de', 'en'] }),
    status: text({ enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    /** How often the form was sent for this request (repeats while pending are merged). */
    submissions: integer().notNull().default(1),
    /** The address's contact: one that existed when the request came, or the one accepting made. */
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    /** The campaigns an accepted request was invited to. */
    campaignIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    decidedAt: at(),
    decidedBy: uuid().references(() => owners.id, { onDelete: 'set null' }),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    index().on(t.manufacturerId, t.status, t.createdAt),
    index().on(t.manufacturerId, t.createdAt),
    // Deleting a contact or an owner clears these (ON DELETE SET NULL) by index, not by a scan.
    index().on(t.contactId),
    index().on(t.decidedBy),
    // At most one pending request per address: a repeat is merged into it.
    uniqueIndex('contact_requests_pending_email_idx')
      .on(t.manufacturerId, t.email)
      .where(sql`status = 'pending'`),
  ],
);
