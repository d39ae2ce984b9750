CREATE TABLE "reviewer_departments" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	CONSTRAINT "reviewer_departments_user_id_department_id_pk" PRIMARY KEY("user_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "reviewer_ministries" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ministry_id" uuid NOT NULL,
	CONSTRAINT "reviewer_ministries_user_id_ministry_id_pk" PRIMARY KEY("user_id","ministry_id")
);
--> statement-breakpoint
ALTER TABLE "reviewer_departments" ADD CONSTRAINT "reviewer_departments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_departments" ADD CONSTRAINT "reviewer_departments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_departments" ADD CONSTRAINT "reviewer_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_ministries" ADD CONSTRAINT "reviewer_ministries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_ministries" ADD CONSTRAINT "reviewer_ministries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_ministries" ADD CONSTRAINT "reviewer_ministries_ministry_id_ministries_id_fk" FOREIGN KEY ("ministry_id") REFERENCES "public"."ministries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviewer_departments_tenant_idx" ON "reviewer_departments" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "reviewer_ministries_tenant_idx" ON "reviewer_ministries" USING btree ("tenant_id");