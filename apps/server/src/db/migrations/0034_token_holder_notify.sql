-- Every API process remembers its signed-in users' rows (issue #23, access/token-holders.ts). A
-- change to what a token is checked against (status, token version, role, tenant, email, name) or
-- the row's deletion is announced to every process at commit, whatever code path made it; so is a
-- tenant's rename or removal (the rows carry its name). pg_notify is transactional: a rolled-back
-- change announces nothing.
create or replace function notify_token_holder() returns trigger language plpgsql as $$
begin
  perform pg_notify('portal_token_holder', old.id::text);
  return null;
end $$;
--> statement-breakpoint
create trigger users_token_holder_changed
  after update of status, token_version, role, tenant_id, email, full_name or delete on users
  for each row execute function notify_token_holder();
--> statement-breakpoint
create or replace function notify_token_holder_tenant() returns trigger language plpgsql as $$
begin
  perform pg_notify('portal_token_holder', 'tenant:' || old.id::text);
  return null;
end $$;
--> statement-breakpoint
create trigger tenants_token_holder_changed
  after update of name or delete on tenants
  for each row execute function notify_token_holder_tenant();
