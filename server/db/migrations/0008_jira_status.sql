CREATE TABLE "jira_webhook_deliveries" (
	"identifier" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"issue_key" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tracker_status" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tracker_status_category" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tracker_status_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jira_webhook_deliveries_received_idx" ON "jira_webhook_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "leads_tracker_key_idx" ON "leads" USING btree ("tracker_key");