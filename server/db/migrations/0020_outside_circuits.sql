CREATE TABLE "outside_circuits" (
	"service" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"detail" text,
	"opened_at" timestamp with time zone,
	"probe_at" timestamp with time zone,
	"probes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
