-- Tenant keys (docs/scaling.md, "Tenant keys"): every tenant table whose key was its id alone is keyed by
-- (manufacturer_id, id), the manufacturer first, so the schema can be distributed by manufacturer_id (Citus)
-- without rework; a unique index on id alone keeps what finds a row by its id only (public links, jobs, the
-- foreign keys below) as fast as before (bench scenario tenant-keys). The foreign keys that name those ids are
-- dropped first (they hang on the old key's index) and made again, unchanged, on the unique index on id; the
-- plain indexes on manufacturer_id that the new keys make redundant go. One transaction, as every migration.
ALTER TABLE "ticket_answer_states" DROP CONSTRAINT "ticket_answer_states_ticket_id_campaign_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_choices" DROP CONSTRAINT "ticket_choices_ticket_id_campaign_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_comments" DROP CONSTRAINT "ticket_comments_ticket_id_campaign_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_links" DROP CONSTRAINT "ticket_links_ticket_id_campaign_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_media" DROP CONSTRAINT "ticket_media_ticket_id_campaign_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_reads" DROP CONSTRAINT "ticket_reads_ticket_id_campaign_tickets_id_fk";--> statement-breakpoint
ALTER TABLE "campaign_contact_lists" DROP CONSTRAINT "campaign_contact_lists_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "campaign_tickets" DROP CONSTRAINT "campaign_tickets_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "mass_follow_ups" DROP CONSTRAINT "mass_follow_ups_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "result_shares" DROP CONSTRAINT "result_shares_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "tag_group_campaigns" DROP CONSTRAINT "tag_group_campaigns_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "contact_import_rejections" DROP CONSTRAINT "contact_import_rejections_import_id_contact_imports_id_fk";--> statement-breakpoint
ALTER TABLE "campaign_contact_lists" DROP CONSTRAINT "campaign_contact_lists_list_id_contact_lists_id_fk";--> statement-breakpoint
ALTER TABLE "contact_list_members" DROP CONSTRAINT "contact_list_members_list_id_contact_lists_id_fk";--> statement-breakpoint
ALTER TABLE "campaign_tickets" DROP CONSTRAINT "campaign_tickets_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "contact_list_members" DROP CONSTRAINT "contact_list_members_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "contact_notes" DROP CONSTRAINT "contact_notes_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "contact_requests" DROP CONSTRAINT "contact_requests_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "history_seen" DROP CONSTRAINT "history_seen_entry_id_history_entries_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_comments" DROP CONSTRAINT "ticket_comments_mass_follow_up_id_mass_follow_ups_id_fk";--> statement-breakpoint
ALTER TABLE "post_comments" DROP CONSTRAINT "post_comments_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_links" DROP CONSTRAINT "post_links_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_media" DROP CONSTRAINT "post_media_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_reads" DROP CONSTRAINT "post_reads_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_reports" DROP CONSTRAINT "post_reports_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_state_changes" DROP CONSTRAINT "post_state_changes_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "question_options" DROP CONSTRAINT "question_options_question_id_questions_id_fk";--> statement-breakpoint
ALTER TABLE "tag_changes" DROP CONSTRAINT "tag_changes_tag_group_id_tag_groups_id_fk";--> statement-breakpoint
ALTER TABLE "tag_group_campaigns" DROP CONSTRAINT "tag_group_campaigns_tag_group_id_tag_groups_id_fk";--> statement-breakpoint
ALTER TABLE "ticket_media" DROP CONSTRAINT "ticket_media_comment_id_ticket_comments_id_fk";--> statement-breakpoint
DROP INDEX "post_comments_manufacturer_id_index";--> statement-breakpoint
DROP INDEX "questions_manufacturer_id_index";--> statement-breakpoint
DROP INDEX "campaign_tickets_manufacturer_id_index";--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_pkey";--> statement-breakpoint
ALTER TABLE "contact_lists" DROP CONSTRAINT "contact_lists_pkey";--> statement-breakpoint
ALTER TABLE "contact_requests" DROP CONSTRAINT "contact_requests_pkey";--> statement-breakpoint
ALTER TABLE "contact_notes" DROP CONSTRAINT "contact_notes_pkey";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_pkey";--> statement-breakpoint
ALTER TABLE "history_entries" DROP CONSTRAINT "history_entries_pkey";--> statement-breakpoint
ALTER TABLE "contact_imports" DROP CONSTRAINT "contact_imports_pkey";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey";--> statement-breakpoint
ALTER TABLE "post_comments" DROP CONSTRAINT "post_comments_pkey";--> statement-breakpoint
ALTER TABLE "post_media" DROP CONSTRAINT "post_media_pkey";--> statement-breakpoint
ALTER TABLE "post_state_changes" DROP CONSTRAINT "post_state_changes_pkey";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_pkey";--> statement-breakpoint
ALTER TABLE "question_options" DROP CONSTRAINT "question_options_pkey";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_pkey";--> statement-breakpoint
ALTER TABLE "tag_changes" DROP CONSTRAINT "tag_changes_pkey";--> statement-breakpoint
ALTER TABLE "tag_groups" DROP CONSTRAINT "tag_groups_pkey";--> statement-breakpoint
ALTER TABLE "template_messages" DROP CONSTRAINT "template_messages_pkey";--> statement-breakpoint
ALTER TABLE "campaign_tickets" DROP CONSTRAINT "campaign_tickets_pkey";--> statement-breakpoint
ALTER TABLE "mass_follow_ups" DROP CONSTRAINT "mass_follow_ups_pkey";--> statement-breakpoint
ALTER TABLE "ticket_comments" DROP CONSTRAINT "ticket_comments_pkey";--> statement-breakpoint
ALTER TABLE "ticket_media" DROP CONSTRAINT "ticket_media_pkey";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "post_state_changes" ADD CONSTRAINT "post_state_changes_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "tag_changes" ADD CONSTRAINT "tag_changes_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "template_messages" ADD CONSTRAINT "template_messages_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD CONSTRAINT "campaign_tickets_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "mass_follow_ups" ADD CONSTRAINT "mass_follow_ups_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
ALTER TABLE "ticket_media" ADD CONSTRAINT "ticket_media_manufacturer_id_id_pk" PRIMARY KEY("manufacturer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_id_index" ON "campaigns" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_lists_id_index" ON "contact_lists" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_requests_id_index" ON "contact_requests" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_notes_id_index" ON "contact_notes" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_id_index" ON "contacts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "history_entries_id_index" ON "history_entries" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_imports_id_index" ON "contact_imports" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_id_index" ON "invitations" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_comments_id_index" ON "post_comments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_media_id_index" ON "post_media" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_state_changes_id_index" ON "post_state_changes" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_id_index" ON "posts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_options_id_index" ON "question_options" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_id_index" ON "questions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_changes_id_index" ON "tag_changes" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_groups_id_index" ON "tag_groups" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_messages_id_index" ON "template_messages" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_tickets_id_index" ON "campaign_tickets" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "mass_follow_ups_id_index" ON "mass_follow_ups" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_comments_id_index" ON "ticket_comments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_media_id_index" ON "ticket_media" USING btree ("id");--> statement-breakpoint
ALTER TABLE "ticket_answer_states" ADD CONSTRAINT "ticket_answer_states_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_choices" ADD CONSTRAINT "ticket_choices_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_media" ADD CONSTRAINT "ticket_media_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_ticket_id_campaign_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."campaign_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contact_lists" ADD CONSTRAINT "campaign_contact_lists_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD CONSTRAINT "campaign_tickets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_follow_ups" ADD CONSTRAINT "mass_follow_ups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_shares" ADD CONSTRAINT "result_shares_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_group_campaigns" ADD CONSTRAINT "tag_group_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_rejections" ADD CONSTRAINT "contact_import_rejections_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contact_lists" ADD CONSTRAINT "campaign_contact_lists_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_tickets" ADD CONSTRAINT "campaign_tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_seen" ADD CONSTRAINT "history_seen_entry_id_history_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."history_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_mass_follow_up_id_mass_follow_ups_id_fk" FOREIGN KEY ("mass_follow_up_id") REFERENCES "public"."mass_follow_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_links" ADD CONSTRAINT "post_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_state_changes" ADD CONSTRAINT "post_state_changes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_changes" ADD CONSTRAINT "tag_changes_tag_group_id_tag_groups_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_group_campaigns" ADD CONSTRAINT "tag_group_campaigns_tag_group_id_tag_groups_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_media" ADD CONSTRAINT "ticket_media_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;
