CREATE TABLE "spent_form_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_form_tokens_at_idx" ON "spent_form_tokens" USING btree ("spent_at");