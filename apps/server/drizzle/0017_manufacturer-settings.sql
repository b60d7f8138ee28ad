ALTER TABLE "manufacturers" ADD COLUMN "default_country" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "imprint_url" text;