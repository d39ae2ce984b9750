-- A signed-in user's row is cached by every API process (issue #23); a change to who may use a
-- token (status, token version, role, tenant, email) or the row's deletion tells every process at
-- commit, whatever code path made it: pg_notify is transactional, so a rolled-back change says nothing.
create or replace function notify_token_holder() returns trigger language plpgsql as $$
begin
  perform pg_notify('portal_token_holder', old.id::text);
  return null;
end $$;
--> statement-breakpoint
create trigger users_token_holder_changed
  after update of status, token_version, role, tenant_id, email or delete on users
  for each row execute function notify_token_holder();
