/**
 * Counts and shares on the tenant screens. The portal is English-only, so the locale is fixed and
 * the figures read the same in every browser and test. (Candidates for lib/format.ts.)
 */
const LOCALE = 'en-US';
const counts = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** With thousands separators: 2000 → '2,000'; a dash for what is not a number. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? counts.format(value) : '\u2014';
}

/** `part` as a percentage of `total`, 0–100 (0 when there is no total). */
export function sharePercent(part: number, total: number): number {
  if (total <= 0 || part <= 0) return 0;
  return Math.min(100, (part / total) * 100);
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
