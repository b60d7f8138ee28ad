-- btree_gin ships with PostgreSQL (contrib) and is a trusted extension: it lets one GIN index hold the
-- manufacturer's id with the tags (contacts_manufacturer_tags_idx).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "tag_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"contact_ids" uuid[] NOT NULL,
	"tags" text[] NOT NULL,
	"via" text NOT NULL,
	"tag_group_id" uuid,
	"campaign_ids" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tag_group_campaigns" (
	"tag_group_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_group_campaigns_tag_group_id_campaign_id_pk" PRIMARY KEY("tag_group_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT 'and' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_tags_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "origin" jsonb;--> statement-breakpoint
ALTER TABLE "tag_changes" ADD CONSTRAINT "tag_changes_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_changes" ADD CONSTRAINT "tag_changes_tag_group_id_tag_groups_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_group_campaigns" ADD CONSTRAINT "tag_group_campaigns_tag_group_id_tag_groups_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_group_campaigns" ADD CONSTRAINT "tag_group_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_changes_unprocessed_idx" ON "tag_changes" USING btree ("created_at") WHERE "tag_changes"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "tag_group_campaigns_campaign_id_index" ON "tag_group_campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "tag_group_campaigns_manufacturer_id_index" ON "tag_group_campaigns" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_groups_manufacturer_title_idx" ON "tag_groups" USING btree ("manufacturer_id",lower("title"));--> statement-breakpoint
CREATE INDEX "tag_groups_tags_idx" ON "tag_groups" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contacts_manufacturer_tags_idx" ON "contacts" USING gin ("manufacturer_id","tags");--> statement-breakpoint
-- Tags are compared case-insensitively and kept lowercased (docs/product-decisions.md, "Tags and tag groups"):
-- option tags written before this were kept as typed.
UPDATE "question_options" SET "tags" = array(SELECT DISTINCT lower(btrim(t)) FROM unnest("tags") t ORDER BY 1)
  WHERE "tags" <> '{}'::text[];
