CREATE TABLE "template_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"owner_id" uuid,
	"author_name" text,
	"description" text NOT NULL,
	"notify" boolean NOT NULL,
	"ticket_ids" uuid[],
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"reminded" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"owner_id" uuid,
	"author_name" text,
	"description" text NOT NULL,
	"mass_follow_up_id" uuid,
	"reminder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"comment_id" uuid,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_reads" (
	"ticket_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_reads_owner_id_ticket_id_pk" PRIMARY KEY("owner_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "mail_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "excerpt" text;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "manu_answer" text;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "manu_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "manu_answered_by" text;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "manu_answer_notified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "private_note" text;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "ignored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "ratings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "votes_up" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "votes_down" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "last_participant_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD COLUMN "mails_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "template_messages" ADD CONSTRAINT "template_messages_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_follow_ups" ADD CONSTRAINT "mass_follow_ups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_follow_ups" ADD CONSTRAINT "mass_follow_ups_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_mass_follow_up_id_mass_follow_ups_id_fk" FOREIGN KEY ("mass_follow_up_id") REFERENCES "public"."mass_follow_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_media" ADD CONSTRAINT "ticket_media_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_media" ADD CONSTRAINT "ticket_media_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_messages_title_idx" ON "template_messages" USING btree ("manufacturer_id","language",lower("title"));--> statement-breakpoint
CREATE INDEX "template_messages_manufacturer_id_title_index" ON "template_messages" USING btree ("manufacturer_id","title");--> statement-breakpoint
CREATE INDEX "mass_follow_ups_campaign_id_created_at_index" ON "mass_follow_ups" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "mass_follow_ups_open_idx" ON "mass_follow_ups" USING btree ("updated_at") WHERE "mass_follow_ups"."state" <> 'done';--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_id_created_at_index" ON "ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_comments_follow_up_ticket_idx" ON "ticket_comments" USING btree ("mass_follow_up_id","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_comments_reminder_due_idx" ON "ticket_comments" USING btree ("created_at") WHERE "ticket_comments"."mass_follow_up_id" is not null and "ticket_comments"."reminder" is null;--> statement-breakpoint
CREATE INDEX "ticket_links_ticket_id_index" ON "ticket_links" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_media_ticket_id_index" ON "ticket_media" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_media_comment_id_index" ON "ticket_media" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_inbox_created_idx" ON "campaign_tickets" USING btree ("manufacturer_id","ignored","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_inbox_activity_idx" ON "campaign_tickets" USING btree ("manufacturer_id","ignored","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_campaign_activity_idx" ON "campaign_tickets" USING btree ("campaign_id","ignored","manufacturer_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_unanswered_idx" ON "campaign_tickets" USING btree ("manufacturer_id","ignored","created_at","id") WHERE "campaign_tickets"."manu_answer" is null;--> statement-breakpoint
CREATE INDEX "campaign_tickets_participant_activity_idx" ON "campaign_tickets" USING btree ("manufacturer_id","ignored","created_at","id") WHERE "campaign_tickets"."last_participant_activity_at" is not null;--> statement-breakpoint
CREATE INDEX "campaign_tickets_rated_up_idx" ON "campaign_tickets" USING btree ("manufacturer_id","ignored","created_at","id") WHERE "campaign_tickets"."votes_up" > 0;--> statement-breakpoint
CREATE INDEX "campaign_tickets_rated_down_idx" ON "campaign_tickets" USING btree ("manufacturer_id","ignored","created_at","id") WHERE "campaign_tickets"."votes_down" > 0;--> statement-breakpoint
CREATE INDEX "campaign_tickets_campaign_id_idx" ON "campaign_tickets" USING btree ("campaign_id","id");--> statement-breakpoint
-- Tickets stored before the conversation: their latest activity is their answer, their search text
-- the free texts and chosen options' texts (lowercased), their excerpt the first free-text answer.
UPDATE "campaign_tickets" t SET
  "last_activity_at" = t."created_at",
  "search_text" = lower(coalesce((
    SELECT string_agg(x, ' ') FROM (
      SELECT a->'value'->>'text' AS x FROM jsonb_array_elements(t."answers") a
        WHERE coalesce(a->'value'->>'text', '') <> ''
      UNION ALL
      SELECT o->>'text' FROM jsonb_array_elements(t."answers") a, jsonb_array_elements(a->'options') o
        WHERE coalesce(a->'value'->'optionIds', '[]'::jsonb) ? (o->>'_id')
    ) s), '')),
  "excerpt" = (
    SELECT left(regexp_replace(trim(a->'value'->>'text'), '\s+', ' ', 'g'), 200)
    FROM jsonb_array_elements(t."answers") a
    WHERE a->>'type' = 'FreeText' AND NOT coalesce((a->>'skipped')::boolean, false)
      AND trim(coalesce(a->'value'->>'text', '')) <> ''
    LIMIT 1);--> statement-breakpoint
-- The inbox's search in answers through a trigram index (pg_trgm, created by 0005).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaign_tickets_search_trgm_idx" ON "campaign_tickets" USING gin ("search_text" gin_trgm_ops);
