-- Four-eyes against sock puppets (issue #30, DECISIONS 128-129): every user remembers the account
-- that created it, and accounts of one creator's family (its creator chain up to an account the
-- global admin created, and everything below) never check each other's actions. Accounts created
-- before this migration take their creator from the audit trail's USER_CREATED entry (the global
-- admin's creations keep theirs too: the family stops at the first account outside a tenant).
ALTER TABLE "users" ADD COLUMN "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
UPDATE users u SET created_by = e.actor_user_id
FROM audit_events e
WHERE e.action = 'USER_CREATED' AND e.entity_type = 'user' AND e.entity_id = u.id::text
  AND e.actor_user_id IS NOT NULL AND e.actor_user_id <> u.id
  AND EXISTS (SELECT 1 FROM users c WHERE c.id = e.actor_user_id);--> statement-breakpoint
CREATE INDEX "users_created_by_idx" ON "users" ("created_by") WHERE "created_by" IS NOT NULL;
