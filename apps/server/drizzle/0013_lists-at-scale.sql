CREATE TABLE "post_tallies" (
	"manufacturer_id" uuid NOT NULL,
	"state" text NOT NULL,
	"manu_type" text NOT NULL,
	"answered" boolean NOT NULL,
	"reported" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "post_tallies_pk" PRIMARY KEY("manufacturer_id","state","manu_type","answered","reported")
);
--> statement-breakpoint
CREATE TABLE "tag_group_member_deltas" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"tag_group_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	CONSTRAINT "tag_group_member_deltas_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_ticket_tallies" (
	"manufacturer_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"ignored" boolean NOT NULL,
	"answered" boolean NOT NULL,
	"rated_up" boolean NOT NULL,
	"rated_down" boolean NOT NULL,
	"source" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "campaign_ticket_tallies_pk" PRIMARY KEY("manufacturer_id","campaign_id","ignored","answered","rated_up","rated_down","source")
);
--> statement-breakpoint
CREATE TABLE "ticket_answer_tallies" (
	"campaign_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"state" text NOT NULL,
	"ignored" boolean NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_answer_tallies_pk" PRIMARY KEY("campaign_id","question_id","state","ignored","hour")
);
--> statement-breakpoint
CREATE TABLE "ticket_choice_tallies" (
	"campaign_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"ignored" boolean NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_choice_tallies_pk" PRIMARY KEY("campaign_id","question_id","option_id","position","ignored","hour")
);
--> statement-breakpoint
DROP INDEX "campaign_tickets_campaign_created_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "content_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_tallies" ADD CONSTRAINT "post_tallies_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_ticket_tallies" ADD CONSTRAINT "campaign_ticket_tallies_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_answer_tallies" ADD CONSTRAINT "ticket_answer_tallies_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_choice_tallies" ADD CONSTRAINT "ticket_choice_tallies_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_group_member_deltas_tag_group_id_index" ON "tag_group_member_deltas" USING btree ("tag_group_id");--> statement-breakpoint
CREATE INDEX "campaign_ticket_tallies_campaign_idx" ON "campaign_ticket_tallies" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "tag_groups_counted_at_index" ON "tag_groups" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "campaign_tickets_campaign_created_idx" ON "campaign_tickets" USING btree ("campaign_id","created_at","id","manufacturer_id","ignored");--> statement-breakpoint
-- What drizzle-kit does not declare, written by hand: the functions and triggers that keep the counts and the
-- survey's content version in the transaction of each change, and the backfills that count what is there
-- (docs/scaling.md).
-- Tickets, the inbox, posts and a campaign's results at any size: tallies kept by triggers, so
-- a list's total and a campaign's results read a few rows instead of counting every ticket and answer of the
-- campaign. campaign_ticket_tallies: a campaign's tickets per kind the lists filter by (archived, answered, rated
-- up, rated down) and per source; ticket_answer_tallies and ticket_choice_tallies: a campaign's answer states and
-- chosen options per question, archive flag and hour (UTC) of the ticket; post_tallies: a manufacturer's posts per
-- state, classification, answered and reported. Every change of a tally is written in the order of its key, so
-- two statements never wait for each other crosswise. The tables are in tickets.tables.ts and posts.tables.ts; the
-- functions and triggers only here (drizzle-kit declares neither). The tickets' index by campaign and time also
-- carries the manufacturer and the archive flag, so a campaign's days and counts are index-only scans.
-- A statement's tickets, inserted (+1), deleted (-1) or changed in a kind the tallies keep (-1 the old kind, +1
-- the new), added to their campaigns' tallies. A decrement changes only rows that exist: a campaign deleted with
-- its tickets may have lost its tallies already, and none may be made for it then.
CREATE FUNCTION "campaign_ticket_tallies_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "campaign_ticket_tallies" AS x ("manufacturer_id", "campaign_id", "ignored", "answered", "rated_up", "rated_down", "source", "n")
		SELECT "manufacturer_id", "campaign_id", "ignored", "manu_answer" IS NOT NULL, "votes_up" > 0, "votes_down" > 0, "source", count(*)::int
		FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
		ON CONFLICT ("manufacturer_id", "campaign_id", "ignored", "answered", "rated_up", "rated_down", "source")
		DO UPDATE SET "n" = x."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM "campaign_ticket_tallies" x
		WHERE (x."manufacturer_id", x."campaign_id") IN (SELECT "manufacturer_id", "campaign_id" FROM old_rows)
		ORDER BY x."manufacturer_id", x."campaign_id", x."ignored", x."answered", x."rated_up", x."rated_down", x."source"
		FOR UPDATE;
		UPDATE "campaign_ticket_tallies" x SET "n" = x."n" - d.n
		FROM (SELECT "manufacturer_id", "campaign_id", "ignored", "manu_answer" IS NOT NULL AS "answered", "votes_up" > 0 AS "rated_up",
				"votes_down" > 0 AS "rated_down", "source", count(*)::int AS n
			FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7) d
		WHERE (x."manufacturer_id", x."campaign_id", x."ignored", x."answered", x."rated_up", x."rated_down", x."source")
			= (d."manufacturer_id", d."campaign_id", d."ignored", d."answered", d."rated_up", d."rated_down", d."source");
	ELSE
		INSERT INTO "campaign_ticket_tallies" AS x ("manufacturer_id", "campaign_id", "ignored", "answered", "rated_up", "rated_down", "source", "n")
		SELECT v.m, v.c, v.i, v.a, v.u, v.d, v.s, sum(v.n)::int
		FROM old_rows o JOIN new_rows w ON w."id" = o."id"
		CROSS JOIN LATERAL (VALUES
			(o."manufacturer_id", o."campaign_id", o."ignored", o."manu_answer" IS NOT NULL, o."votes_up" > 0, o."votes_down" > 0, o."source", -1),
			(w."manufacturer_id", w."campaign_id", w."ignored", w."manu_answer" IS NOT NULL, w."votes_up" > 0, w."votes_down" > 0, w."source", 1)
		) v(m, c, i, a, u, d, s, n)
		WHERE (o."manufacturer_id", o."campaign_id", o."ignored", o."manu_answer" IS NULL, o."votes_up" > 0, o."votes_down" > 0, o."source")
			IS DISTINCT FROM (w."manufacturer_id", w."campaign_id", w."ignored", w."manu_answer" IS NULL, w."votes_up" > 0, w."votes_down" > 0, w."source")
		GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(v.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
		ON CONFLICT ("manufacturer_id", "campaign_id", "ignored", "answered", "rated_up", "rated_down", "source")
		DO UPDATE SET "n" = x."n" + excluded."n";
		-- Archived or restored: the tickets' answers and choices move to the other side of the archive flag.
		IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows w ON w."id" = o."id" WHERE o."ignored" <> w."ignored") THEN
			RETURN NULL;
		END IF;
		INSERT INTO "ticket_answer_tallies" AS x ("campaign_id", "question_id", "state", "ignored", "hour", "n")
		SELECT a."campaign_id", a."question_id", a."state", v.i, date_trunc('hour', w."created_at", 'UTC'), sum(v.n)::int
		FROM old_rows o JOIN new_rows w ON w."id" = o."id" JOIN "ticket_answer_states" a ON a."ticket_id" = w."id"
		CROSS JOIN LATERAL (VALUES (o."ignored", -1), (w."ignored", 1)) v(i, n)
		WHERE o."ignored" <> w."ignored"
		GROUP BY 1, 2, 3, 4, 5 HAVING sum(v.n) <> 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ("campaign_id", "question_id", "state", "ignored", "hour") DO UPDATE SET "n" = x."n" + excluded."n";
		INSERT INTO "ticket_choice_tallies" AS x ("campaign_id", "question_id", "option_id", "position", "ignored", "hour", "n")
		SELECT c."campaign_id", c."question_id", c."option_id", coalesce(c."position", 0), v.i,
			date_trunc('hour', w."created_at", 'UTC'), sum(v.n)::int
		FROM old_rows o JOIN new_rows w ON w."id" = o."id" JOIN "ticket_choices" c ON c."ticket_id" = w."id"
		CROSS JOIN LATERAL (VALUES (o."ignored", -1), (w."ignored", 1)) v(i, n)
		WHERE o."ignored" <> w."ignored"
		GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(v.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ("campaign_id", "question_id", "option_id", "position", "ignored", "hour") DO UPDATE SET "n" = x."n" + excluded."n";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_tally_insert" AFTER INSERT ON "campaign_tickets" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "campaign_ticket_tallies_count"();
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_tally_update" AFTER UPDATE ON "campaign_tickets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "campaign_ticket_tallies_count"();
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_tally_delete" AFTER DELETE ON "campaign_tickets" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "campaign_ticket_tallies_count"();
--> statement-breakpoint
-- A ticket's answer rows are written after the ticket, in its transaction (insertAnswerRows): counted then, with
-- the ticket's archive flag and hour.
CREATE FUNCTION "ticket_answer_tallies_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'ticket_answer_states' THEN
		INSERT INTO "ticket_answer_tallies" AS x ("campaign_id", "question_id", "state", "ignored", "hour", "n")
		SELECT a."campaign_id", a."question_id", a."state", t."ignored", date_trunc('hour', t."created_at", 'UTC'), count(*)::int
		FROM new_rows a JOIN "campaign_tickets" t ON t."id" = a."ticket_id"
		GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ("campaign_id", "question_id", "state", "ignored", "hour") DO UPDATE SET "n" = x."n" + excluded."n";
	ELSE
		INSERT INTO "ticket_choice_tallies" AS x ("campaign_id", "question_id", "option_id", "position", "ignored", "hour", "n")
		SELECT c."campaign_id", c."question_id", c."option_id", coalesce(c."position", 0), t."ignored",
			date_trunc('hour', t."created_at", 'UTC'), count(*)::int
		FROM new_rows c JOIN "campaign_tickets" t ON t."id" = c."ticket_id"
		GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ("campaign_id", "question_id", "option_id", "position", "ignored", "hour") DO UPDATE SET "n" = x."n" + excluded."n";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_answer_states_tally_insert" AFTER INSERT ON "ticket_answer_states" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_answer_tallies_add"();
--> statement-breakpoint
CREATE TRIGGER "ticket_choices_tally_insert" AFTER INSERT ON "ticket_choices" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_answer_tallies_add"();
--> statement-breakpoint
-- Answer rows go only with their ticket (a cascade), when the ticket is gone and its archive flag with it: so a
-- ticket takes its answers out of the tallies before it is deleted. Not when its campaign is deleted (the
-- campaign's tallies go with it): that skips a million lookups when a campaign of a million tickets goes.
CREATE FUNCTION "ticket_answer_tallies_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "campaigns" WHERE "id" = OLD."campaign_id") THEN RETURN OLD; END IF;
	PERFORM 1 FROM "ticket_answer_tallies" x
	WHERE x."campaign_id" = OLD."campaign_id" AND x."ignored" = OLD."ignored" AND x."hour" = date_trunc('hour', OLD."created_at", 'UTC')
		AND (x."question_id", x."state") IN (SELECT "question_id", "state" FROM "ticket_answer_states" WHERE "ticket_id" = OLD."id")
	ORDER BY x."question_id", x."state" FOR UPDATE;
	UPDATE "ticket_answer_tallies" x SET "n" = x."n" - 1
	FROM "ticket_answer_states" a
	WHERE a."ticket_id" = OLD."id" AND x."campaign_id" = OLD."campaign_id" AND x."question_id" = a."question_id"
		AND x."state" = a."state" AND x."ignored" = OLD."ignored" AND x."hour" = date_trunc('hour', OLD."created_at", 'UTC');
	PERFORM 1 FROM "ticket_choice_tallies" x
	WHERE x."campaign_id" = OLD."campaign_id" AND x."ignored" = OLD."ignored" AND x."hour" = date_trunc('hour', OLD."created_at", 'UTC')
		AND (x."question_id", x."option_id", x."position")
			IN (SELECT "question_id", "option_id", coalesce("position", 0) FROM "ticket_choices" WHERE "ticket_id" = OLD."id")
	ORDER BY x."question_id", x."option_id", x."position" FOR UPDATE;
	UPDATE "ticket_choice_tallies" x SET "n" = x."n" - 1
	FROM "ticket_choices" c
	WHERE c."ticket_id" = OLD."id" AND x."campaign_id" = OLD."campaign_id" AND x."question_id" = c."question_id"
		AND x."option_id" = c."option_id" AND x."position" = coalesce(c."position", 0) AND x."ignored" = OLD."ignored"
		AND x."hour" = date_trunc('hour', OLD."created_at", 'UTC');
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_tickets_tally_forget" BEFORE DELETE ON "campaign_tickets"
	FOR EACH ROW EXECUTE FUNCTION "ticket_answer_tallies_forget"();
--> statement-breakpoint
-- Every tally of the campaigns counted again from their tickets and answer rows (all campaigns for null): the
-- backfill below, and a repair after rows were written with the triggers off (the benchmark's seeding).
CREATE FUNCTION "ticket_tallies_recount"("campaign_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "campaign_ticket_tallies" WHERE "campaign_ids" IS NULL OR "campaign_id" = ANY ("campaign_ids");
	INSERT INTO "campaign_ticket_tallies" ("manufacturer_id", "campaign_id", "ignored", "answered", "rated_up", "rated_down", "source", "n")
	SELECT "manufacturer_id", "campaign_id", "ignored", "manu_answer" IS NOT NULL, "votes_up" > 0, "votes_down" > 0, "source", count(*)::int
	FROM "campaign_tickets" WHERE "campaign_ids" IS NULL OR "campaign_id" = ANY ("campaign_ids")
	GROUP BY 1, 2, 3, 4, 5, 6, 7;
	DELETE FROM "ticket_answer_tallies" WHERE "campaign_ids" IS NULL OR "campaign_id" = ANY ("campaign_ids");
	INSERT INTO "ticket_answer_tallies" ("campaign_id", "question_id", "state", "ignored", "hour", "n")
	SELECT a."campaign_id", a."question_id", a."state", t."ignored", date_trunc('hour', t."created_at", 'UTC'), count(*)::int
	FROM "ticket_answer_states" a JOIN "campaign_tickets" t ON t."id" = a."ticket_id"
	WHERE "campaign_ids" IS NULL OR a."campaign_id" = ANY ("campaign_ids")
	GROUP BY 1, 2, 3, 4, 5;
	DELETE FROM "ticket_choice_tallies" WHERE "campaign_ids" IS NULL OR "campaign_id" = ANY ("campaign_ids");
	INSERT INTO "ticket_choice_tallies" ("campaign_id", "question_id", "option_id", "position", "ignored", "hour", "n")
	SELECT c."campaign_id", c."question_id", c."option_id", coalesce(c."position", 0), t."ignored",
		date_trunc('hour', t."created_at", 'UTC'), count(*)::int
	FROM "ticket_choices" c JOIN "campaign_tickets" t ON t."id" = c."ticket_id"
	WHERE "campaign_ids" IS NULL OR c."campaign_id" = ANY ("campaign_ids")
	GROUP BY 1, 2, 3, 4, 5, 6;
END $$;
--> statement-breakpoint
SELECT "ticket_tallies_recount"(NULL);
--> statement-breakpoint
-- A statement's posts, inserted, deleted or changed in a kind the tallies keep, added to their manufacturers'.
CREATE FUNCTION "post_tallies_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "post_tallies" AS x ("manufacturer_id", "state", "manu_type", "answered", "reported", "n")
		SELECT "manufacturer_id", "state", coalesce("manu_type", 'none'), "answer" IS NOT NULL, "public_reports" > 0, count(*)::int
		FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ("manufacturer_id", "state", "manu_type", "answered", "reported") DO UPDATE SET "n" = x."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM "post_tallies" x WHERE x."manufacturer_id" IN (SELECT "manufacturer_id" FROM old_rows)
		ORDER BY x."manufacturer_id", x."state", x."manu_type", x."answered", x."reported" FOR UPDATE;
		UPDATE "post_tallies" x SET "n" = x."n" - d.n
		FROM (SELECT "manufacturer_id", "state", coalesce("manu_type", 'none') AS "manu_type", "answer" IS NOT NULL AS "answered",
				"public_reports" > 0 AS "reported", count(*)::int AS n
			FROM old_rows GROUP BY 1, 2, 3, 4, 5) d
		WHERE (x."manufacturer_id", x."state", x."manu_type", x."answered", x."reported")
			= (d."manufacturer_id", d."state", d."manu_type", d."answered", d."reported");
	ELSE
		INSERT INTO "post_tallies" AS x ("manufacturer_id", "state", "manu_type", "answered", "reported", "n")
		SELECT v.m, v.s, v.t, v.a, v.r, sum(v.n)::int
		FROM old_rows o JOIN new_rows w ON w."id" = o."id"
		CROSS JOIN LATERAL (VALUES
			(o."manufacturer_id", o."state", coalesce(o."manu_type", 'none'), o."answer" IS NOT NULL, o."public_reports" > 0, -1),
			(w."manufacturer_id", w."state", coalesce(w."manu_type", 'none'), w."answer" IS NOT NULL, w."public_reports" > 0, 1)
		) v(m, s, t, a, r, n)
		WHERE (o."manufacturer_id", o."state", o."manu_type", o."answer" IS NULL, o."public_reports" > 0)
			IS DISTINCT FROM (w."manufacturer_id", w."state", w."manu_type", w."answer" IS NULL, w."public_reports" > 0)
		GROUP BY 1, 2, 3, 4, 5 HAVING sum(v.n) <> 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ("manufacturer_id", "state", "manu_type", "answered", "reported") DO UPDATE SET "n" = x."n" + excluded."n";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_tally_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "post_tallies_count"();
--> statement-breakpoint
CREATE TRIGGER "posts_tally_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "post_tallies_count"();
--> statement-breakpoint
CREATE TRIGGER "posts_tally_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "post_tallies_count"();
--> statement-breakpoint
-- A manufacturer's post tallies counted again (all for null): the backfill below, and a repair.
CREATE FUNCTION "post_tallies_recount"("manufacturer_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "post_tallies" WHERE "manufacturer_ids" IS NULL OR "manufacturer_id" = ANY ("manufacturer_ids");
	INSERT INTO "post_tallies" ("manufacturer_id", "state", "manu_type", "answered", "reported", "n")
	SELECT "manufacturer_id", "state", coalesce("manu_type", 'none'), "answer" IS NOT NULL, "public_reports" > 0, count(*)::int
	FROM "posts" WHERE "manufacturer_ids" IS NULL OR "manufacturer_id" = ANY ("manufacturer_ids")
	GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT "post_tallies_recount"(NULL);
--> statement-breakpoint
-- Tag groups that stay fast as they grow: a group's member count kept instead of counted on
-- every read. tag_groups.member_count is a full count when the group is made or its tags or condition change
-- (under the audience lock held exclusively); tag_group_member_deltas gets one row per group and statement that
-- changes contacts' tags (inserts, updates and deletes of tagged contacts, cascades included), written by the
-- trigger on contacts in that statement's transaction, which holds the audience lock shared until it commits; the
-- tags sweep folds the rows into member_count every minute and repairs a drifted count. A group's count is
-- member_count plus its rows. The trigger first, so no contact changes between the backfill and it. The
-- functions and triggers are hand-written (drizzle-kit declares neither).
-- Whether tags make a member of a group (its condition and tags): queries/segments.query.ts's memberOf.
CREATE FUNCTION "tag_group_has"("condition" text, "group_tags" text[], "tags" text[]) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT cardinality("group_tags") > 0 AND CASE WHEN "condition" = 'and' THEN "tags" @> "group_tags" ELSE "tags" && "group_tags" END
$$;
--> statement-breakpoint
-- Each statement's change of every group's members, one delta row per group that changed. The audience lock
-- (tags.repository.ts, lockAudienceShared: the same key) is taken shared for each manufacturer whose contacts'
-- tags changed, in id order, before the groups are read: a group being made or redefined (which holds it
-- exclusively while it counts) is then either committed and read here, or waits until this transaction ends
-- and counts what it changed. Rows only inserted, so concurrent tag changes never wait for each other's count.
CREATE FUNCTION "tag_group_members_after"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m uuid;
BEGIN
	IF TG_OP = 'INSERT' THEN
		FOR m IN SELECT DISTINCT n."manufacturer_id" FROM new_rows n WHERE cardinality(n."tags") > 0 ORDER BY 1 LOOP
			PERFORM pg_advisory_xact_lock_shared(hashtextextended('tag-audience:' || m::text, 0));
		END LOOP;
		IF NOT FOUND THEN RETURN NULL; END IF;
		INSERT INTO "tag_group_member_deltas" ("manufacturer_id", "tag_group_id", "delta")
		SELECT g."manufacturer_id", g."id", count(*)::int
		FROM new_rows n JOIN "tag_groups" g ON g."manufacturer_id" = n."manufacturer_id"
		WHERE "tag_group_has"(g."condition", g."tags", n."tags")
		GROUP BY g."manufacturer_id", g."id";
	ELSIF TG_OP = 'DELETE' THEN
		FOR m IN SELECT DISTINCT o."manufacturer_id" FROM old_rows o WHERE cardinality(o."tags") > 0 ORDER BY 1 LOOP
			PERFORM pg_advisory_xact_lock_shared(hashtextextended('tag-audience:' || m::text, 0));
		END LOOP;
		IF NOT FOUND THEN RETURN NULL; END IF;
		INSERT INTO "tag_group_member_deltas" ("manufacturer_id", "tag_group_id", "delta")
		SELECT g."manufacturer_id", g."id", -count(*)::int
		FROM old_rows o JOIN "tag_groups" g ON g."manufacturer_id" = o."manufacturer_id"
		WHERE "tag_group_has"(g."condition", g."tags", o."tags")
		GROUP BY g."manufacturer_id", g."id";
	ELSE
		FOR m IN SELECT v.m FROM old_rows o JOIN new_rows n ON n."id" = o."id"
			CROSS JOIN LATERAL (VALUES (o."manufacturer_id"), (n."manufacturer_id")) v(m)
			WHERE o."tags" IS DISTINCT FROM n."tags" OR o."manufacturer_id" <> n."manufacturer_id"
			GROUP BY v.m ORDER BY v.m LOOP
			PERFORM pg_advisory_xact_lock_shared(hashtextextended('tag-audience:' || m::text, 0));
		END LOOP;
		IF NOT FOUND THEN RETURN NULL; END IF;
		-- Per changed contact and group of its manufacturer: +1 joined, -1 left (0, most pairs, left out). A
		-- contact moved to another manufacturer (nothing does that) leaves the one's groups and joins the other's.
		INSERT INTO "tag_group_member_deltas" ("manufacturer_id", "tag_group_id", "delta")
		SELECT g."manufacturer_id", g."id", sum(d.n)::int
		FROM (
			SELECT v.m, v.before, v.after FROM old_rows o JOIN new_rows n ON n."id" = o."id"
			CROSS JOIN LATERAL (VALUES (o."manufacturer_id", o."tags", n."tags"), (o."manufacturer_id", o."tags", NULL),
				(n."manufacturer_id", NULL, n."tags")) v(m, before, after)
			WHERE (o."tags" IS DISTINCT FROM n."tags" OR o."manufacturer_id" <> n."manufacturer_id")
				AND (o."manufacturer_id" = n."manufacturer_id") = (v.before IS NOT NULL AND v.after IS NOT NULL)
		) c JOIN "tag_groups" g ON g."manufacturer_id" = c.m
		CROSS JOIN LATERAL (SELECT coalesce("tag_group_has"(g."condition", g."tags", c.after), false)::int
			- coalesce("tag_group_has"(g."condition", g."tags", c.before), false)::int AS n) d
		WHERE d.n <> 0
		GROUP BY g."manufacturer_id", g."id"
		HAVING sum(d.n) <> 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_tag_groups_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_group_members_after"();
--> statement-breakpoint
CREATE TRIGGER "contacts_tag_groups_update" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_group_members_after"();
--> statement-breakpoint
CREATE TRIGGER "contacts_tag_groups_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_group_members_after"();
--> statement-breakpoint
UPDATE "tag_groups" g SET "member_count" = (SELECT count(*)::int FROM "contacts" c
	WHERE c."manufacturer_id" = g."manufacturer_id" AND "tag_group_has"(g."condition", g."tags", c."tags")), "counted_at" = now();
--> statement-breakpoint
-- The public survey's data call, cached per campaign version: campaigns.content_version moves
-- on in the transaction of every change of what the public survey shows: its updated_at, which every change of
-- the campaign and of its questions and options moves (D3), or one of the shown columns themselves, whoever
-- writes them. The answers' counter (ticket_count) leaves it, so answering never empties the instances' copies
-- (the survey's status is read live). The function and trigger are hand-written (drizzle-kit declares neither).
CREATE FUNCTION "campaigns_content_version_next"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."content_version" := OLD."content_version" + 1;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_content_version" BEFORE UPDATE ON "campaigns" FOR EACH ROW
	WHEN (OLD."updated_at" IS DISTINCT FROM NEW."updated_at" OR OLD."title" IS DISTINCT FROM NEW."title"
		OR OLD."description" IS DISTINCT FROM NEW."description" OR OLD."language" IS DISTINCT FROM NEW."language"
		OR OLD."image" IS DISTINCT FROM NEW."image"
		OR OLD."allow_multiple_participation" IS DISTINCT FROM NEW."allow_multiple_participation"
		OR OLD."open_link" IS DISTINCT FROM NEW."open_link" OR OLD."state" IS DISTINCT FROM NEW."state"
		OR OLD."end_condition" IS DISTINCT FROM NEW."end_condition")
	EXECUTE FUNCTION "campaigns_content_version_next"();
