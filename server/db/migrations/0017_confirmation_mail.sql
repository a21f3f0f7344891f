ALTER TABLE "leads" ADD COLUMN "consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_withdrawn_via" text;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_jobs_one_lead_mail_idx" ON "delivery_jobs" USING btree ("lead_id") WHERE "delivery_jobs"."kind" = 'mail';