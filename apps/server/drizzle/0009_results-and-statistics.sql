CREATE TABLE "result_shares" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"token" text NOT NULL,
	"include_free_text" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "ticket_answer_states" (
	"ticket_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"state" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_answer_states_ticket_id_question_id_pk" PRIMARY KEY("ticket_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_choices" (
	"ticket_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"position" smallint,
	CONSTRAINT "ticket_choices_ticket_id_question_id_option_id_pk" PRIMARY KEY("ticket_id","question_id","option_id")
);
--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "time_zone" text DEFAULT 'Europe/Berlin' NOT NULL;--> statement-breakpoint
ALTER TABLE "result_shares" ADD CONSTRAINT "result_shares_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_answer_states" ADD CONSTRAINT "ticket_answer_states_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_choices" ADD CONSTRAINT "ticket_choices_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_answer_states_campaign_idx" ON "ticket_answer_states" USING btree ("campaign_id","question_id","state","created_at");--> statement-breakpoint
CREATE INDEX "ticket_choices_campaign_idx" ON "ticket_choices" USING btree ("campaign_id","question_id","option_id","position");--> statement-breakpoint
-- The answers stored so far, one row per ticket and question (answers stored before the reason of a skip
-- was kept: a skipped question that was not optional can only have been led past by a path rule).
INSERT INTO "ticket_answer_states" ("ticket_id", "campaign_id", "question_id", "state", "text", "created_at")
SELECT t."id", t."campaign_id", (a->>'questionId')::uuid,
  CASE
    WHEN NOT (a->>'skipped')::boolean THEN 'answered'
    WHEN a->>'skip' = 'path' OR (a->>'skip' IS NULL AND NOT (a->>'optional')::boolean) THEN 'path'
    ELSE 'blank'
  END,
  CASE WHEN a->>'type' = 'FreeText' AND NOT (a->>'skipped')::boolean THEN coalesce(a->'value'->>'text', '') END,
  t."created_at"
FROM "campaign_tickets" t CROSS JOIN LATERAL jsonb_array_elements(t."answers") a
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ticket_choices" ("ticket_id", "campaign_id", "question_id", "option_id", "position")
SELECT t."id", t."campaign_id", (a->>'questionId')::uuid, o.id::uuid,
  CASE WHEN a->>'type' = 'Ranking' THEN o.n END
FROM "campaign_tickets" t
  CROSS JOIN LATERAL jsonb_array_elements(t."answers") a
  CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(a->'value'->'optionIds', '[]'::jsonb)) WITH ORDINALITY o(id, n)
WHERE a->>'type' <> 'FreeText' AND NOT (a->>'skipped')::boolean
ON CONFLICT DO NOTHING;
