CREATE TABLE "lead_routing_turns" (
	"rule_id" text PRIMARY KEY NOT NULL,
	"turns" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "company_root" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "respond_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_account_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "routing_rule" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "related_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tracker_linked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_contact_idx" ON "leads" USING btree ("contact_key","created_at");--> statement-breakpoint
CREATE INDEX "leads_company_idx" ON "leads" USING btree ("company_root","created_at");--> statement-breakpoint
-- Leads stored before issue 30 join their contact and company (app/lib/leads/identity.ts, in SQL).
UPDATE "leads" SET "contact_key" = lower(btrim(coalesce(nullif(btrim("answers"->>'emailContato'), ''), "answers"->>'email')))
WHERE "contact_key" IS NULL AND lower(btrim(coalesce(nullif(btrim("answers"->>'emailContato'), ''), "answers"->>'email'))) ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$';--> statement-breakpoint
UPDATE "leads" SET "company_root" = upper(left(regexp_replace("answers"->>'cnpjEmpresa', '[^0-9A-Za-z]', '', 'g'), 8))
WHERE "company_root" IS NULL AND length(regexp_replace(coalesce("answers"->>'cnpjEmpresa', ''), '[^0-9A-Za-z]', '', 'g')) = 14;
