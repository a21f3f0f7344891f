CREATE TABLE "seller_calendar_busy" (
	"account_id" text PRIMARY KEY NOT NULL,
	"calendar_url" text NOT NULL,
	"busy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure" text
);
