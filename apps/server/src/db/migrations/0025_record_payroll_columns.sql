-- The payroll columns of the master list (issue #21): first appointment, bank, account number (NUBAN),
-- BVN and monthly gross pay in kobo (an integer: exact, never a float). All optional.
ALTER TABLE "records" ADD COLUMN "date_of_first_appointment" date;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "bvn" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "monthly_gross_kobo" bigint;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_monthly_gross_kobo_check" CHECK ("records"."monthly_gross_kobo" >= 0);