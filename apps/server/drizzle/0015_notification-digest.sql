CREATE TABLE "owner_mail_windows" (
	"manufacturer_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"mails" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "mail_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_mail_windows" ADD CONSTRAINT "owner_mail_windows_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_entries_mail_held_idx" ON "history_entries" USING btree ("manufacturer_id","mail_held_until") WHERE "history_entries"."mail_held_until" is not null;
