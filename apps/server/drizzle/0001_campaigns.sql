CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"image" text,
	"end_condition" jsonb DEFAULT '{"type":"never"}'::jsonb NOT NULL,
	"ends_at" timestamp with time zone,
	"auto_reminder" boolean DEFAULT false NOT NULL,
	"is_group_campaign" boolean DEFAULT false NOT NULL,
	"allow_multiple_participation" boolean DEFAULT false NOT NULL,
	"open_link" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"archived_from" text,
	"has_started" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"ticket_count" integer DEFAULT 0 NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"firstname" text,
	"lastname" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"text" text NOT NULL,
	"order" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"image" text,
	"link" text,
	"order" integer NOT NULL,
	"path_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"source" text NOT NULL,
	"language" text NOT NULL,
	"answers" jsonb NOT NULL,
	"answered_count" integer NOT NULL,
	"submission_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_tickets_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD CONSTRAINT "campaign_tickets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD CONSTRAINT "campaign_tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_created_at_index" ON "rate_limit_hits" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_manufacturer_id_state_created_at_index" ON "campaigns" USING btree ("manufacturer_id","state","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_running_ends_at_idx" ON "campaigns" USING btree ("ends_at") WHERE "campaigns"."state" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_manufacturer_id_email_index" ON "contacts" USING btree ("manufacturer_id","email");--> statement-breakpoint
CREATE INDEX "contacts_manufacturer_id_created_at_index" ON "contacts" USING btree ("manufacturer_id","created_at");--> statement-breakpoint
CREATE INDEX "question_options_question_id_order_index" ON "question_options" USING btree ("question_id","order");--> statement-breakpoint
CREATE INDEX "questions_campaign_id_order_index" ON "questions" USING btree ("campaign_id","order");--> statement-breakpoint
CREATE INDEX "questions_manufacturer_id_index" ON "questions" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_tickets_campaign_id_submission_id_index" ON "campaign_tickets" USING btree ("campaign_id","submission_id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_campaign_id_created_at_index" ON "campaign_tickets" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_tickets_contact_id_index" ON "campaign_tickets" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_manufacturer_id_index" ON "campaign_tickets" USING btree ("manufacturer_id");