ALTER TABLE "delivery_jobs" ADD COLUMN "rerun" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A lead with two open tracker jobs (possible before this migration) keeps its oldest one, which runs
-- once more after it finishes; the others end as merged. Nothing is lost: a tracker job reads the lead
-- as it is when it runs.
UPDATE "delivery_jobs" AS j SET "rerun" = true
FROM (SELECT "lead_id", min("id") AS keep FROM "delivery_jobs"
      WHERE "kind" = 'tracker' AND "status" IN ('pending', 'running')
      GROUP BY "lead_id" HAVING count(*) > 1) AS k
WHERE j."id" = k.keep AND j."status" = 'running';--> statement-breakpoint
UPDATE "delivery_jobs" AS j SET "status" = 'done', "finished_at" = now(), "last_error" = 'merged into job ' || k.keep
FROM (SELECT "lead_id", min("id") AS keep FROM "delivery_jobs"
      WHERE "kind" = 'tracker' AND "status" IN ('pending', 'running')
      GROUP BY "lead_id" HAVING count(*) > 1) AS k
WHERE j."lead_id" = k."lead_id" AND j."kind" = 'tracker' AND j."status" IN ('pending', 'running') AND j."id" <> k.keep;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_jobs_one_open_tracker_idx" ON "delivery_jobs" USING btree ("lead_id") WHERE "delivery_jobs"."kind" = 'tracker' and "delivery_jobs"."status" in ('pending', 'running');
