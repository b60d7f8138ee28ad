-- The contact book's search (a part of the email or a name, without case) through a trigram index.
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_search_trgm_idx" ON "contacts" USING gin ((lower("email" || ' ' || coalesce("firstname", '') || ' ' || coalesce("lastname", '') || ' ' || coalesce("internal_firstname", '') || ' ' || coalesce("internal_lastname", ''))) gin_trgm_ops);
