CREATE TABLE "campaign_contact_lists" (
	"campaign_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_contact_lists_campaign_id_list_id_pk" PRIMARY KEY("campaign_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "contact_list_members" (
	"list_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_list_members_list_id_contact_id_pk" PRIMARY KEY("list_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"phone_number" text,
	"message" text,
	"language" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"submissions" integer DEFAULT 1 NOT NULL,
	"contact_id" uuid,
	"campaign_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_contact_lists" ADD CONSTRAINT "campaign_contact_lists_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contact_lists" ADD CONSTRAINT "campaign_contact_lists_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_decided_by_owners_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_contact_lists_list_id_index" ON "campaign_contact_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "contact_list_members_contact_id_index" ON "contact_list_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_list_members_list_id_added_at_index" ON "contact_list_members" USING btree ("list_id","added_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_lists_manufacturer_name_idx" ON "contact_lists" USING btree ("manufacturer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contact_lists_manufacturer_id_created_at_index" ON "contact_lists" USING btree ("manufacturer_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_manufacturer_id_status_created_at_index" ON "contact_requests" USING btree ("manufacturer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_manufacturer_id_created_at_index" ON "contact_requests" USING btree ("manufacturer_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_contact_id_index" ON "contact_requests" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_requests_decided_by_index" ON "contact_requests" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_requests_pending_email_idx" ON "contact_requests" USING btree ("manufacturer_id","email") WHERE status = 'pending';