/**
 * A cell as the readers hand it over: CSV gives strings; spreadsheets also give numbers, booleans and
 * dates (dates as UTC instants). Everything here survives the worker's structured clone.
 */
export type Cell = string | number | boolean | Date | null;

/** One row of the file with the row number a person sees in a spreadsheet program (1-based). */
export interface RawRow {
  rowNumber: number;
  cells: Cell[];
}

/** Rows from a reader; `date1904` tells how to read raw serial numbers in date columns. */
export interface RawBatch {
  rows: RawRow[];
  date1904: boolean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date of an instant, read in UTC: spreadsheet readers give dates as UTC midnight. */
export function isoDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A number as a person would type it: never in exponent form (12345678901, not 1.2345678901e10). */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const text = String(n);
  if (!text.includes('e')) return text;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** The string form of a cell, trimmed; '' for an empty cell. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return plainNumber(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return Number.isNaN(cell.getTime()) ? '' : isoDate(cell);
}

/** Spreadsheet column letters of a 0-based index (0 → A, 27 → AB), to name a column without a header. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
