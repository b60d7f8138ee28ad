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
ALTER TABLE "post_reports" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "post_report_requests" ADD CONSTRAINT "post_report_requests_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_report_requests" ADD CONSTRAINT "post_report_requests_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_report_requests_post_id_index" ON "post_report_requests" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_report_requests_created_at_index" ON "post_report_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_reports_post_id_email_hash_index" ON "post_reports" USING btree ("post_id","email_hash");
