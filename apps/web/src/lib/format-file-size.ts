const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const BASE = 1024;

/**
 * A file size in Bytes, KB, MB or GB with base 1024 and at most two decimals (SPEC §2 Master
 * List Uploader): 200 → '200 Bytes', 1536 → '1.5 KB'. Sizes beyond GB stay in GB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(BASE)));
  const value = bytes / BASE ** exponent;
  // Rounding can reach the next unit (1023.999 KB → '1024 KB'); step up instead.
  const rounded = Number.parseFloat(value.toFixed(2));
  if (rounded >= BASE && exponent < UNITS.length - 1) return `1 ${UNITS[exponent + 1]}`;
  return `${rounded} ${UNITS[exponent]}`;
}
