CREATE TABLE "owner_mail_windows" (
	"manufacturer_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"mails" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_report_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"network_hash" text NOT NULL,
	"email_hash" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "translation_budgets" (
	"manufacturer_id" uuid PRIMARY KEY NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"hour_chars" integer NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_chars" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "mail_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "default_country" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "imprint_url" text;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "mass_follow_ups" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "owner_mail_windows" ADD CONSTRAINT "owner_mail_windows_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_report_requests" ADD CONSTRAINT "post_report_requests_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_report_requests" ADD CONSTRAINT "post_report_requests_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_budgets" ADD CONSTRAINT "translation_budgets_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_sends_started_at_index" ON "mail_sends" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "post_report_requests_post_id_index" ON "post_report_requests" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_report_requests_created_at_index" ON "post_report_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "history_entries_mail_held_idx" ON "history_entries" USING btree ("manufacturer_id","mail_held_until") WHERE "history_entries"."mail_held_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "post_reports_post_id_email_hash_index" ON "post_reports" USING btree ("post_id","email_hash");