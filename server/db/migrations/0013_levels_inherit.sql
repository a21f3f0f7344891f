ALTER TABLE "content_documents" ADD COLUMN "inherits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN "inherits" boolean DEFAULT false NOT NULL;