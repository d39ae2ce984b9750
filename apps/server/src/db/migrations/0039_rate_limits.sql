-- Request-rate counters every API process shares (issue #31 items 2 and 4; DECISIONS 146): the
-- sign-in and claim limits per address (and the claims' per tenant) were counted in each process's
-- memory, so with API_PROCESSES=2 an address had twice the README's rate. One row per key (for
-- instance 'login:192.0.2.1'): its window's start and the requests counted in it, in database time
-- so that every process agrees. A key names an address or a tenant, never a person's data; old
-- windows are deleted as the limiter goes (platform/rate-limit.ts).
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");
