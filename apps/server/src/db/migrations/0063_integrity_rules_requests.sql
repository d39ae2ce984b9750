-- A change that can alter the findings of some rules only asks for those (DECISIONS 304): an HR
-- list's upload decides its own rule alone (the separations list PAID_AFTER_EXIT, a nominal roll
-- NOT_ON_NOMINAL_ROLL, the salary table PAY_ABOVE_SCALE), and its run evaluates that rule's step
-- unless a change of the tenant's own or a new day asks for every rule. As others_requested_at
-- (0058): when such a change last asked, the rules asked for since the last such request a run
-- covered (a request after that covered one starts the set again, one during a run adds to it),
-- and the last request a finished run covered.
ALTER TABLE "integrity_state" ADD COLUMN "rules_requested_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "integrity_state" ADD COLUMN "rules_covered_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "integrity_state" ADD COLUMN "requested_rules" text[] DEFAULT '{}' NOT NULL;
