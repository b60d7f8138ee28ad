ALTER TABLE "owners" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
