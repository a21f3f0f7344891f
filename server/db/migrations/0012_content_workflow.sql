CREATE TABLE "content_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"base_version" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "content_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"name" text NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"data" jsonb,
	"base_version" integer,
	"item" text,
	"item_label" text,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "content_schedules_action_check" CHECK (("content_schedules"."action" = 'publish' and "content_schedules"."data" is not null) or ("content_schedules"."action" = 'unpublish' and "content_schedules"."item" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_level_idx" ON "content_drafts" USING btree ("name","segment","lang");--> statement-breakpoint
CREATE INDEX "content_schedules_due_idx" ON "content_schedules" USING btree ("status","run_at");