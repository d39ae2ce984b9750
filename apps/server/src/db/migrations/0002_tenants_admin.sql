CREATE TABLE "request_metrics" (
	"bucket" timestamp with time zone PRIMARY KEY NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"server_errors" integer DEFAULT 0 NOT NULL,
	"total_ms" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_counts" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lookups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "verification_counts_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_status" text DEFAULT 'TRIAL' NOT NULL;