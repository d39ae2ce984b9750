import { z } from 'zod';

/**
 * One time zone per tenant (issue #31 item 12; DECISIONS 164): every instant a tenant's screens,
 * file names and files show is written in its zone, an IANA name kept in its settings
 * (`timeZone`). The platform's own (the global admin's, a tenant without the setting) is Nigeria's.
 * This file is the one home of how an instant reads in a zone, for the server and the web alike;
 * the database writes the same ISO form with `iso_in_zone` (migration 0040).
 */
// The default zone and a zone's label live without zod for the sign-in page (DECISIONS 200).
export { DEFAULT_TIME_ZONE, zoneLabel } from './zone-label.ts';

let known: ReadonlySet<string> | undefined;

/**
 * An IANA zone this JavaScript engine knows: one of `Intl.supportedValuesOf('timeZone')`, or 'UTC'
 * (which some engines leave out of that list). A zone the engine lists under another name (the
 * list says 'Asia/Calcutta' where tzdata says 'Asia/Kolkata') is taken when it resolves to a listed one.
 */
export function isTimeZone(name: string): boolean {
  if (!/^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  known ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (name === 'UTC' || known.has(name)) return true;
  try {
    return known.has(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** The zones a tenant admin may choose from (the engine's list, 'UTC' included). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'].sort();
}

export const TIME_ZONE_MESSAGES = {
  invalid: (name: string) =>
    `'${name}' is not a time zone: use an IANA name such as Africa/Lagos or Europe/London`,
} as const;

/** A time-zone setting as a request sends it: an IANA name the server knows. */
export const TimeZoneSchema = z
  .string({ error: 'The time zone must be an IANA name such as Africa/Lagos' })
  .trim()
  .refine(isTimeZone, { error: (issue) => TIME_ZONE_MESSAGES.invalid(String(issue.input)) });

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone (24-hour, numbers as written). */
function partsIn(instant: Date | string | number, zone: string): Record<string, string> {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(new Date(instant))) parts[p.type] = p.value;
  return parts;
}

/** The calendar day of an instant in a zone: '2026-11-28'. */
export function dayIn(instant: Date | string | number, zone: string): string {
  const p = partsIn(instant, zone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The zone's offset from UTC at an instant: '+01:00', '-08:00', '+14:00'. */
export function offsetIn(instant: Date | string | number, zone: string): string {
  const at = new Date(instant);
  const p = partsIn(at, zone);
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  const minutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * An instant as the files write it (ISO 8601 with the zone's offset, to the second):
 * '2026-11-28T00:19:00+01:00'. The same text as the database's `iso_in_zone` (migration 0040).
 */
export function isoIn(instant: Date | string | number, zone: string): string {
  const p = partsIn(instant, zone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offsetIn(instant, zone)}`;
}
