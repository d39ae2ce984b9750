-- The signed-in user's row that every API process remembers (0034, access/token-holders.ts) carries
-- the tenant's time zone too (`me` answers with it), so a change of a tenant's settings is announced
-- like a rename: the processes forget that tenant's rows and read them again. Without it `me` read
-- the settings on every request, a fifth of the authenticated path's throughput (bench:auth).
create or replace function notify_token_holder_settings() returns trigger language plpgsql as $$
begin
  perform pg_notify('portal_token_holder', 'tenant:' || coalesce(new.tenant_id, old.tenant_id)::text);
  return null;
end $$;
--> statement-breakpoint
create trigger tenant_settings_token_holder_changed
  after insert or update of settings or delete on tenant_settings
  for each row execute function notify_token_holder_settings();
