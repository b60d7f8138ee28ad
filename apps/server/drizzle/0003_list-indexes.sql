DROP INDEX "campaign_tickets_campaign_id_created_at_index";--> statement-breakpoint
CREATE INDEX "campaigns_manufacturer_title_idx" ON "campaigns" USING btree ("manufacturer_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "campaign_tickets_campaign_created_idx" ON "campaign_tickets" USING btree ("campaign_id","created_at","id");