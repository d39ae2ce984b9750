/**
 * Number and date formats of the screens. The portal is English-only, so the locale is fixed:
 * the same numbers read the same in every browser (and in tests).
 */
const LOCALE = 'en-US';

const mediumDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });

/** 'Jan 5, 2025'; a dash for a missing or unreadable date. */
export function formatMediumDate(iso: string | null | undefined): string {
  if (!iso) return '\u2014';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '\u2014' : mediumDate.format(date);
}

const mediumDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Nov 21, 2026, 3:05 AM': entries of one day told apart by the time; a dash when unreadable. */
export function formatMediumDateTime(iso: string | null | undefined): string {
  if (!iso) return '\u2014';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '\u2014' : mediumDateTime.format(date);
}

const compact = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

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
