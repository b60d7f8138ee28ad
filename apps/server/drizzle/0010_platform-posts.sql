CREATE TABLE "post_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"author" text NOT NULL,
	"owner_id" uuid,
	"author_name" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"post_id" uuid,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reads" (
	"post_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_reads_owner_id_post_id_pk" PRIMARY KEY("owner_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_reports" (
	"post_id" uuid NOT NULL,
	"network_hash" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reports_post_id_network_hash_pk" PRIMARY KEY("post_id","network_hash")
);
--> statement-breakpoint
CREATE TABLE "post_state_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"owner_id" uuid,
	"actor_name" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"manu_type" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"private_note" text,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"media_count" integer DEFAULT 0 NOT NULL,
	"public_reports" integer DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone,
	"token_hash" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"mails_off" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_author_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "trusted_post_authors" (
	"manufacturer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_post_authors_manufacturer_id_email_pk" PRIMARY KEY("manufacturer_id","email")
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_links" ADD CONSTRAINT "post_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_state_changes" ADD CONSTRAINT "post_state_changes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_state_changes" ADD CONSTRAINT "post_state_changes_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_post_authors" ADD CONSTRAINT "trusted_post_authors_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_post_id_created_at_id_index" ON "post_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_comments_manufacturer_id_index" ON "post_comments" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "post_links_post_id_index" ON "post_links" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_media_post_id_index" ON "post_media" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_media_unattached_idx" ON "post_media" USING btree ("manufacturer_id","created_at") WHERE "post_media"."post_id" is null;--> statement-breakpoint
CREATE INDEX "post_reads_post_id_index" ON "post_reads" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_state_changes_post_id_at_index" ON "post_state_changes" USING btree ("post_id","at");--> statement-breakpoint
CREATE INDEX "posts_feed_created_idx" ON "posts" USING btree ("manufacturer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_feed_state_created_idx" ON "posts" USING btree ("manufacturer_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_feed_activity_idx" ON "posts" USING btree ("manufacturer_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "posts_feed_state_activity_idx" ON "posts" USING btree ("manufacturer_id","state","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "posts_unanswered_idx" ON "posts" USING btree ("manufacturer_id","created_at","id") WHERE "posts"."answer" is null;--> statement-breakpoint
CREATE INDEX "posts_publish_due_idx" ON "posts" USING btree ("publish_at") WHERE "posts"."state" = 'pending' and "posts"."publish_at" is not null;--> statement-breakpoint
-- The feed's search in a post's text, author name and address through a trigram index (pg_trgm, created by 0005).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_search_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);
