import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@portal/contract/time-zone';
import type { Orm } from './db.ts';

/**
 * The time zone a tenant's instants are written in (issue #31 item 12; DECISIONS 164): its
 * `timeZone` setting (packages/contract/src/settings.ts), or the platform's (Africa/Lagos) for no
 * tenant, a tenant that never set one, or a stored name this engine no longer knows. Read by every
 * module that writes an instant for a person: file names, files, `me`, the claim screen's tenant.
 */
export async function tenantTimeZone(orm: Orm, tenantId: string | null | undefined): Promise<string> {
  if (!tenantId) return DEFAULT_TIME_ZONE;
  const result = await orm.execute<{ zone: string | null }>(
    sql`select settings ->> 'timeZone' as zone from tenant_settings where tenant_id = ${tenantId}`,
  );
  return zoneOrDefault(result.rows[0]?.zone);
}

/** A stored zone name, or the platform's when there is none or it is not a zone. */
export const zoneOrDefault = (name: string | null | undefined): string =>
  name && isTimeZone(name) ? name : DEFAULT_TIME_ZONE;

/** `at` in `zone` as the files write it: the database's `iso_in_zone` (migration 0040). */
export const isoInZoneSql = (at: SQL, zone: string): SQL => sql`iso_in_zone(${at}, ${zone}::text)`;

/**
 * A zone name written into a statement that takes no parameters (the payroll's COPY): only a
 * name `isTimeZone` accepts, quoted.
 */
export function zoneLiteral(zone: string): string {
  if (!isTimeZone(zone)) throw new Error('invalid time zone');
  return `'${zone.replaceAll("'", "''")}'`;
}
