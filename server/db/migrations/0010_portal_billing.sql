CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"company_id" uuid NOT NULL,
	"integration_id" text NOT NULL,
	"status" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"detail" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_connections_company_id_integration_id_pk" PRIMARY KEY("company_id","integration_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"competence" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"amount_centavos" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"boleto_line" text,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_on" date,
	"cancelled_at" timestamp with time zone,
	"nfse_number" text,
	"nfse_verification_code" text,
	"nfse_pdf" text,
	"nfse_xml" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_change_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"from_plan_id" text,
	"from_cycle" text NOT NULL,
	"to_plan_id" text NOT NULL,
	"to_cycle" text NOT NULL,
	"price_centavos" integer NOT NULL,
	"prorata_centavos" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"effective_on" date,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"tracker_key" text,
	"tracker_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_jobs" DROP CONSTRAINT "delivery_jobs_one_subject_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_cycle" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cycle_started_on" date;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD COLUMN "plan_request_id" uuid;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","due_on");--> statement-breakpoint
CREATE INDEX "plan_change_requests_company_idx" ON "plan_change_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_change_requests_open_idx" ON "plan_change_requests" USING btree ("company_id") WHERE "plan_change_requests"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_plan_request_id_plan_change_requests_id_fk" FOREIGN KEY ("plan_request_id") REFERENCES "public"."plan_change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_one_subject_check" CHECK (num_nonnulls("delivery_jobs"."lead_id", "delivery_jobs"."ticket_id", "delivery_jobs"."plan_request_id") <= 1);