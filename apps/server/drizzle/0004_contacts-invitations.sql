CREATE TABLE "contact_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"author_id" uuid,
	"note_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_unsubscribes" (
	"manufacturer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_unsubscribes_manufacturer_id_email_pk" PRIMARY KEY("manufacturer_id","email")
);
--> statement-breakpoint
CREATE TABLE "contact_import_rejections" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "contact_import_rejections_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"owner_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"delimiter" text DEFAULT ',' NOT NULL,
	"campaign_ids" uuid[] NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"invited" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"token_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"pending_mail" text DEFAULT 'invitation' NOT NULL,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_pace" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_tickets" DROP CONSTRAINT "campaign_tickets_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_tickets" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "kind" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "internal_firstname" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "internal_lastname" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_unsubscribes" ADD CONSTRAINT "contact_unsubscribes_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_rejections" ADD CONSTRAINT "contact_import_rejections_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_notes_contact_id_created_at_index" ON "contact_notes" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_imports_manufacturer_id_created_at_index" ON "contact_imports" USING btree ("manufacturer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_campaign_id_contact_id_index" ON "invitations" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "invitations_contact_id_index" ON "invitations" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "invitations_token_hashes_idx" ON "invitations" USING gin ("token_hashes");--> statement-breakpoint
CREATE INDEX "invitations_campaign_created_idx" ON "invitations" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_queued_due_idx" ON "invitations" USING btree ("due_at") WHERE "invitations"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "invitations_awaiting_idx" ON "invitations" USING btree ("last_mailed_at") WHERE "invitations"."state" in ('sent', 'opened') and "invitations"."reminder_count" < 2;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD CONSTRAINT "campaign_tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_manufacturer_kind_created_idx" ON "contacts" USING btree ("manufacturer_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contacts_manufacturer_kind_city_idx" ON "contacts" USING btree ("manufacturer_id","kind","city");--> statement-breakpoint
CREATE INDEX "contacts_manufacturer_kind_country_idx" ON "contacts" USING btree ("manufacturer_id","kind","country");