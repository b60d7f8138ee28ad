ALTER TABLE "owners" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "mass_follow_ups" ADD COLUMN "subject" text;
