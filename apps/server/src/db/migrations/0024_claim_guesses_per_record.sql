ALTER TABLE "claim_holds" ALTER COLUMN "held_until" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_holds" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;