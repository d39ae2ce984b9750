import { DEFAULT_TIME_ZONE, dayIn, isTimeZone } from '@portal/contract/time-zone';
import { timeZoneNote } from './time-zone-note.ts';

// Apart for the field agent's page, which loads none of this module's schemas (issue #32).
export { formatCalendarDate } from './calendar-date.ts';
export { formatRecordStatus, sharePercent, titleCase } from './record-status-label.ts';
import { sharePercent } from './record-status-label.ts';

/**
 * Every number, date and status the screens show goes through here, so the same value reads the
 * same on every screen, toast and tooltip. The portal is English-only, so the locale is fixed: the
 * same values read the same in every browser (and in tests).
 */
const LOCALE = 'en-US';
const DASH = '\u2014';

/**
 * The time zone every moment on screen is shown in (issue #31 item 12): the signed-in user's
 * tenant's (`me.timeZone`), or the claim screen's tenant's; Africa/Lagos until one is known. Never
 * the browser's own: a tenant's screens, file names and files all tell the same day.
 * `app/time-zone-scope.tsx` sets it and draws the screens again when it changes.
 */
let zone = DEFAULT_TIME_ZONE;
const zoneListeners = new Set<() => void>();

export const displayTimeZone = (): string => zone;

/** Shows moments in `next` from now on (a name that is not a zone is ignored). */
export function setDisplayTimeZone(next: string): void {
  if (next === zone || !isTimeZone(next)) return;
  zone = next;
  formats = formatsIn(zone);
  zoneListeners.forEach((listener) => listener());
}

export function subscribeDisplayTimeZone(listener: () => void): () => void {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}

/**
 * Today in the tenant's time zone (the zone the screens show), 'YYYY-MM-DD': an exercise's first
 * opening day, a nominal roll's 'as of' date. Not the device's day: after 23:00 UTC it is already
 * tomorrow in Lagos, and the server judges days in the tenant's zone.
 */
export const tenantToday = (now = new Date()) => dayIn(now, zone);

/** 'Times in Africa/Lagos (GMT+1)': what a screen says of the zone its moments are in. */
export function formatTimeZoneNote(): string {
  return timeZoneNote(zone);
}

const formatsIn = (timeZone: string) => ({
  mediumDate: new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone }),
  mediumDateTime: new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  time: new Intl.DateTimeFormat(LOCALE, { timeStyle: 'medium', timeZone }),
});
let formats = formatsIn(zone);

/** Counts with thousands separators ('2,000') and counted nouns ('1 record', '2,000 records'). */
export { countOf, formatCount } from '@portal/contract/counts';

/** 'Jan 5, 2025' for a moment (a creation date) in the display zone; a dash for a missing or unreadable one. */
export function formatMediumDate(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? DASH : formats.mediumDate.format(date);
}

/**
 * 'Nov 21, 2026, 3:05 AM': the one format of moments in histories, jobs, exports and dialogs
 * (entries of one day told apart by the time), in the display zone; a dash when missing or unreadable.
 */
export function formatMediumDateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? DASH : formats.mediumDateTime.format(date);
}

/** '3:05:12 AM': when a live figure was last refreshed (display zone). */
export function formatTime(at: number | Date): string {
  return formats.time.format(at);
}

const compact = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** 1450000 → '1.45M', 89500 → '89.5K', 12 → '12'. */
export function formatCompactNumber(value: number): string {
  return compact.format(value);
}

/** 99.98 → '99.98%', 100 → '100%'. */
export function formatPercent(value: number): string {
  return `${decimal.format(value)}%`;
}

/** 120 → '120ms'. */
export function formatMilliseconds(value: number): string {
  return `${decimal.format(Math.round(value))}ms`;
}

/**
 * The share as text, one decimal at most: '94%', '4.5%'. A non-zero share never reads as '0%'
 * and a partial one never as '100%': a single ghost among a million records still shows.
 */
export function formatShare(part: number, total: number): string {
  const share = sharePercent(part, total);
  if (share === 0) return '0%';
  if (share < 0.1) return '<0.1%';
  if (part < total && share > 99.9) return '>99.9%';
  return `${oneDecimal.format(share)}%`;
}

const naira = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Naira as people in Nigeria write it: '₦1,234,567.50' (the naira sign, thousands separated by
 * commas, always two decimals for the kobo); a dash for an unknown amount. `amount` is naira with
 * at most two decimals, as the API sends it (exact to the kobo).
 */
export function formatNaira(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return DASH;
  return `${amount < 0 ? '-' : ''}₦${naira.format(Math.abs(amount))}`;
}

const SCALES: readonly [number, string][] = [
  [1e12, 'tn'],
  [1e9, 'bn'],
  [1e6, 'm'],
  [1e3, 'k'],
];

/** Naira in short, for a chart's axis: '₦80.5m', '₦1.2bn', '₦250k', '₦900'. */
export function formatNairaShort(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  for (const [scale, suffix] of SCALES) {
    if (abs >= scale) return `${sign}₦${oneDecimal.format(abs / scale)}${suffix}`;
  }
  return `${sign}₦${oneDecimal.format(abs)}`;
}
