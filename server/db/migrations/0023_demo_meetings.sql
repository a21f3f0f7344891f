CREATE TABLE "demo_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"seller_account_id" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_email" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"meeting_url" text,
	"visitor_time_zone" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "demo_meetings_period_check" CHECK ("demo_meetings"."ends_at" > "demo_meetings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "seller_availability" (
	"account_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"availability" jsonb NOT NULL,
	"meeting_url" text,
	"calendar_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "demo_meetings" ADD CONSTRAINT "demo_meetings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_meetings_seller_idx" ON "demo_meetings" USING btree ("seller_account_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_meetings_lead_booked_idx" ON "demo_meetings" USING btree ("lead_id") WHERE "demo_meetings"."status" = 'booked';