/**
 * The platform's zone and how a screen names a zone, without zod: the sign-in page's foot says
 * which zone times are in and loads no schema library (DECISIONS 200). `time-zone.ts` has the rest.
 */

/** Nigeria's: the platform's own zone and a tenant's until it sets another (DECISIONS 164). */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/** The zone as a screen names it: 'Africa/Lagos (GMT+1)', 'America/Los_Angeles (PST)'. */
export function zoneLabel(zone: string, at: Date | number = Date.now()): string {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return short && short !== zone ? `${zone} (${short})` : zone;
}
