CREATE TABLE "integrity_posting_figures" (
	"tenant_id" uuid NOT NULL,
	"ministry_id" uuid,
	"ministry" text,
	"department_id" uuid,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrity_posting_figures" ADD CONSTRAINT "integrity_posting_figures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integrity_posting_figures_ministry_idx" ON "integrity_posting_figures" USING btree ("tenant_id","ministry_id");--> statement-breakpoint
CREATE INDEX "integrity_posting_figures_department_idx" ON "integrity_posting_figures" USING btree ("tenant_id","department_id");