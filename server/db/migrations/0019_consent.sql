CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"visitor_id" uuid NOT NULL,
	"list_version" text NOT NULL,
	"measurement" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"method" text NOT NULL,
	"page" text NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_records_decided_idx" ON "consent_records" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "consent_records_visitor_idx" ON "consent_records" USING btree ("visitor_id");