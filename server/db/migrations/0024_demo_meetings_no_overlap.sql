-- Two booked demonstrations of one seller never overlap (decision 138): the database refuses the
-- second, whichever instance or connection inserts it. btree_gist gives GiST the text equality the
-- seller column needs; PGlite loads the same extension (server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "demo_meetings" ADD CONSTRAINT "demo_meetings_no_overlap"
  EXCLUDE USING gist ("seller_account_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'booked');
