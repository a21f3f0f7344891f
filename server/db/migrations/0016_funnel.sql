CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"form_id" text NOT NULL,
	"event" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"lang" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "funnel_daily_pk" PRIMARY KEY("day","form_id","event","step","segment","lang","source","medium","campaign")
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"view_id" uuid NOT NULL,
	"form_id" text NOT NULL,
	"event" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"lang" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "funnel_events_pk" PRIMARY KEY("view_id","form_id","event","step")
);
--> statement-breakpoint
CREATE INDEX "funnel_daily_form_day_idx" ON "funnel_daily" USING btree ("form_id","day");--> statement-breakpoint
CREATE INDEX "funnel_events_at_idx" ON "funnel_events" USING btree ("at");