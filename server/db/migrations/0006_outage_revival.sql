ALTER TABLE "delivery_jobs" ADD COLUMN "exhausted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Jobs already dead after using every attempt most likely met an outage: revived with the others.
UPDATE "delivery_jobs" SET "exhausted" = true WHERE "status" = 'dead' AND "attempts" >= "max_attempts";
