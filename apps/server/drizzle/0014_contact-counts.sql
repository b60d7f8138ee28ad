CREATE TABLE "contact_list_counts" (
	"list_id" uuid PRIMARY KEY NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_counts" (
	"manufacturer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_counts_manufacturer_id_kind_slot_pk" PRIMARY KEY("manufacturer_id","kind","slot")
);
--> statement-breakpoint
DROP INDEX "contact_list_members_list_id_added_at_index";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "invited_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "answered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_list_counts" ADD CONSTRAINT "contact_list_counts_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_list_members_list_added_idx" ON "contact_list_members" USING btree ("list_id","added_at","contact_id");--> statement-breakpoint
-- What drizzle-kit does not declare, written by hand (the contact book and the contact lists at
-- any size). The counts these lists show, kept where they are read instead of counted on every request:
-- contacts.invited_count and answered_count (by triggers on invitations and campaign_tickets), contact_counts (a
-- manufacturer's contacts per kind, by triggers on contacts) and contact_list_counts (a list's members, by
-- triggers on contact_list_members). Triggers, so that every way a row comes or goes (the cascades of a deleted
-- campaign, contact, list or manufacturer included) keeps its count, in the transaction of the change. The
-- triggers come first (making one holds the table's writers off until the migration commits), then what is
-- there is counted. The tables and the members' keyset index above are drizzle-kit's, from contacts.tables.ts
-- and contact-lists.tables.ts.
--
-- A manufacturer's contacts per kind: the sum of its 16 slots. Each statement adds its change to the slot of its
-- connection (pg_backend_pid() % 16), so two transactions of one manufacturer (answers to two campaigns, each
-- making a contact) rarely wait for each other's count. A decrement only names a manufacturer that still exists:
-- deleting a manufacturer deletes its contacts and its counts, and no count row may be made for it then.
CREATE FUNCTION "contact_counts_after"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "contact_counts" AS c ("manufacturer_id", "kind", "slot", "count")
		SELECT "manufacturer_id", "kind", pg_backend_pid() % 16, count(*)::int FROM new_rows
		GROUP BY "manufacturer_id", "kind" ORDER BY "manufacturer_id", "kind"
		ON CONFLICT ("manufacturer_id", "kind", "slot") DO UPDATE SET "count" = c."count" + excluded."count";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "contact_counts" AS c ("manufacturer_id", "kind", "slot", "count")
		SELECT o."manufacturer_id", o."kind", pg_backend_pid() % 16, -count(*)::int FROM old_rows o
		JOIN "manufacturers" m ON m."id" = o."manufacturer_id"
		GROUP BY o."manufacturer_id", o."kind" ORDER BY o."manufacturer_id", o."kind"
		ON CONFLICT ("manufacturer_id", "kind", "slot") DO UPDATE SET "count" = c."count" + excluded."count";
	ELSE
		-- A row whose kind (or manufacturer) changed: a temp contact who answered or was imported.
		INSERT INTO "contact_counts" AS c ("manufacturer_id", "kind", "slot", "count")
		SELECT d.m, d.k, pg_backend_pid() % 16, d.n
		FROM (VALUES (OLD."manufacturer_id", OLD."kind", -1), (NEW."manufacturer_id", NEW."kind", 1)) d(m, k, n)
		ORDER BY d.m, d.k
		ON CONFLICT ("manufacturer_id", "kind", "slot") DO UPDATE SET "count" = c."count" + excluded."count";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_count_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "contacts_count_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "contacts_count_kind" AFTER UPDATE OF "kind", "manufacturer_id" ON "contacts" FOR EACH ROW
	WHEN (OLD."kind" IS DISTINCT FROM NEW."kind" OR OLD."manufacturer_id" IS DISTINCT FROM NEW."manufacturer_id")
	EXECUTE FUNCTION "contact_counts_after"();
--> statement-breakpoint
-- A list's members: a row of their own, made with the list, never the list's row, which inviting a list holds
-- locked while it reads and locks the members (a contact deleted meanwhile takes its memberships, and with them
-- the count, without waiting for that). Each statement's change per list, the lists in id order, so two
-- statements that change several lists take their rows in the same order. A list deleted with its members
-- takes its count row with it.
CREATE FUNCTION "contact_list_counts_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "contact_list_counts" ("list_id", "manufacturer_id", "members")
	SELECT "id", "manufacturer_id", 0 FROM new_rows;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_lists_count_new" AFTER INSERT ON "contact_lists" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_list_counts_new"();
--> statement-breakpoint
CREATE FUNCTION "contact_list_member_counts_after"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
	IF TG_OP = 'INSERT' THEN
		FOR r IN SELECT "list_id", count(*)::int AS n FROM new_rows GROUP BY "list_id" ORDER BY "list_id" LOOP
			UPDATE "contact_list_counts" SET "members" = "members" + r.n WHERE "list_id" = r."list_id";
		END LOOP;
	ELSIF TG_OP = 'DELETE' THEN
		FOR r IN SELECT "list_id", count(*)::int AS n FROM old_rows GROUP BY "list_id" ORDER BY "list_id" LOOP
			UPDATE "contact_list_counts" SET "members" = "members" - r.n WHERE "list_id" = r."list_id";
		END LOOP;
	ELSE
		UPDATE "contact_list_counts" SET "members" = "members" - 1 WHERE "list_id" = OLD."list_id";
		UPDATE "contact_list_counts" SET "members" = "members" + 1 WHERE "list_id" = NEW."list_id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_list_members_count_insert" AFTER INSERT ON "contact_list_members"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_list_member_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "contact_list_members_count_delete" AFTER DELETE ON "contact_list_members"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_list_member_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "contact_list_members_count_move" AFTER UPDATE OF "list_id" ON "contact_list_members" FOR EACH ROW
	WHEN (OLD."list_id" IS DISTINCT FROM NEW."list_id") EXECUTE FUNCTION "contact_list_member_counts_after"();
--> statement-breakpoint
-- A contact's invitations: one per campaign, so each statement adds or takes its rows per contact. The contacts
-- are locked in id order first, so two invitation calls sharing contacts cannot deadlock on their counts.
CREATE FUNCTION "contact_invited_counts_after"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM "contacts" c WHERE c."id" IN (SELECT "contact_id" FROM new_rows) ORDER BY c."id"
			FOR NO KEY UPDATE;
		UPDATE "contacts" c SET "invited_count" = c."invited_count" + d.n
		FROM (SELECT "contact_id", count(*)::int AS n FROM new_rows GROUP BY "contact_id") d
		WHERE c."id" = d."contact_id";
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM "contacts" c WHERE c."id" IN (SELECT "contact_id" FROM old_rows) ORDER BY c."id"
			FOR NO KEY UPDATE;
		UPDATE "contacts" c SET "invited_count" = c."invited_count" - d.n
		FROM (SELECT "contact_id", count(*)::int AS n FROM old_rows GROUP BY "contact_id") d
		WHERE c."id" = d."contact_id";
	ELSE
		PERFORM 1 FROM "contacts" c WHERE c."id" IN (OLD."contact_id", NEW."contact_id") ORDER BY c."id"
			FOR NO KEY UPDATE;
		UPDATE "contacts" SET "invited_count" = "invited_count" - 1 WHERE "id" = OLD."contact_id";
		UPDATE "contacts" SET "invited_count" = "invited_count" + 1 WHERE "id" = NEW."contact_id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invitations_count_insert" AFTER INSERT ON "invitations" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_invited_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "invitations_count_delete" AFTER DELETE ON "invitations" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_invited_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "invitations_count_move" AFTER UPDATE OF "contact_id" ON "invitations" FOR EACH ROW
	WHEN (OLD."contact_id" IS DISTINCT FROM NEW."contact_id") EXECUTE FUNCTION "contact_invited_counts_after"();
--> statement-breakpoint
-- The campaigns a contact answered: distinct campaigns among its tickets, which do not add up, so each contact a
-- statement touched is counted again, after its row is locked (in id order): a transaction waiting for another's
-- answer of the same contact then counts with that answer in sight.
CREATE FUNCTION "contact_answered_recount"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM "contacts" c WHERE c."id" = ANY (ids) ORDER BY c."id" FOR NO KEY UPDATE;
	UPDATE "contacts" c SET "answered_count" = x.n
	FROM (
		SELECT k.id, (SELECT count(DISTINCT t."campaign_id")::int FROM "campaign_tickets" t WHERE t."contact_id" = k.id) AS n
		FROM unnest(ids) AS k(id)
	) x
	WHERE c."id" = x.id AND c."answered_count" <> x.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_answered_counts_after"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "contact_answered_recount"(ARRAY(SELECT DISTINCT "contact_id" FROM new_rows WHERE "contact_id" IS NOT NULL));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "contact_answered_recount"(ARRAY(SELECT DISTINCT "contact_id" FROM old_rows WHERE "contact_id" IS NOT NULL));
	ELSE
		PERFORM "contact_answered_recount"(array_remove(ARRAY[OLD."contact_id", NEW."contact_id"], NULL));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_answered_insert" AFTER INSERT ON "campaign_tickets" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_answered_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_answered_delete" AFTER DELETE ON "campaign_tickets" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "contact_answered_counts_after"();
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_answered_move" AFTER UPDATE OF "contact_id", "campaign_id" ON "campaign_tickets" FOR EACH ROW
	WHEN (OLD."contact_id" IS DISTINCT FROM NEW."contact_id" OR OLD."campaign_id" IS DISTINCT FROM NEW."campaign_id")
	EXECUTE FUNCTION "contact_answered_counts_after"();
--> statement-breakpoint
UPDATE "contacts" c SET "invited_count" = i.n
FROM (SELECT "contact_id", count(*)::int AS n FROM "invitations" GROUP BY "contact_id") i
WHERE c."id" = i."contact_id";
--> statement-breakpoint
UPDATE "contacts" c SET "answered_count" = t.n
FROM (SELECT "contact_id", count(DISTINCT "campaign_id")::int AS n FROM "campaign_tickets"
	WHERE "contact_id" IS NOT NULL GROUP BY "contact_id") t
WHERE c."id" = t."contact_id";
--> statement-breakpoint
INSERT INTO "contact_counts" ("manufacturer_id", "kind", "slot", "count")
SELECT "manufacturer_id", "kind", 0, count(*)::int FROM "contacts" GROUP BY "manufacturer_id", "kind";
--> statement-breakpoint
INSERT INTO "contact_list_counts" ("list_id", "manufacturer_id", "members")
SELECT l."id", l."manufacturer_id", (SELECT count(*)::int FROM "contact_list_members" m WHERE m."list_id" = l."id")
FROM "contact_lists" l;
