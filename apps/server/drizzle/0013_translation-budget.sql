CREATE TABLE "translation_budgets" (
	"manufacturer_id" uuid PRIMARY KEY NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"hour_chars" integer NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_chars" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_budgets" ADD CONSTRAINT "translation_budgets_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;
