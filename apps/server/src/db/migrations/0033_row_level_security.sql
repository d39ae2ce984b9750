-- Placeholder, filled by the change this migration is for.
select 1;
