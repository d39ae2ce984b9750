-- The people a no-show suspension names (migration 0043) have no tenant_id of their own: as an
-- export's file, they are seen and written only with their suspension, whose policy decides.
ALTER TABLE campaign_suspension_records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE campaign_suspension_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON campaign_suspension_records FOR ALL
  USING (EXISTS (SELECT FROM campaign_suspensions s WHERE s.id = suspension_id))
  WITH CHECK (EXISTS (SELECT FROM campaign_suspensions s WHERE s.id = suspension_id));
