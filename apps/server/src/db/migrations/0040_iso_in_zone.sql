-- An instant as the portal's files write it (issue #31 item 12; DECISIONS 164): ISO 8601 in the
-- tenant's time zone with that zone's offset, to the second ('2026-11-28T00:19:00+01:00'), the text
-- packages/contract/src/time-zone.ts `isoIn` writes. Used where the files' lines are built: the
-- payroll export (its COPY), the audit log's CSV and an export's changes. One expression without
-- FROM, so the planner inlines it; the offset is the wall clock in the zone less the one in UTC.
-- NULL stays NULL.
CREATE FUNCTION iso_in_zone(instant timestamp with time zone, tz_name text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(instant AT TIME ZONE tz_name, 'YYYY-MM-DD"T"HH24:MI:SS')
    || CASE WHEN (instant AT TIME ZONE tz_name) < (instant AT TIME ZONE 'UTC') THEN '-' ELSE '+' END
    || to_char(greatest((instant AT TIME ZONE tz_name) - (instant AT TIME ZONE 'UTC'), (instant AT TIME ZONE 'UTC') - (instant AT TIME ZONE tz_name)), 'HH24:MI')
$$;
