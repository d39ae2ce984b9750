import { serialToIsoDate } from './excel-dates.mjs';

/** A cell as the readers deliver it: text, a number, or a date (spreadsheet date cells). */
export type Cell = string | number | boolean | Date | null | undefined;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Whitespace other than a single space, or two spaces: the text needs collapsing. */
const UNTIDY = /[^\S ]| {2}/;

export function cellText(cell: Cell): string {
  if (cell == null) return '';
  if (typeof cell === 'string') {
    const text = cell.trim();
    return UNTIDY.test(text) ? text.replace(/\s+/g, ' ') : text;
  }
  if (cell instanceof Date) return isoDate(cell);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell).replace(/\s+/g, ' ').trim();
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The day as YYYY-MM-DD when it exists; counted, not made a Date (a twentieth of a list's parse). */
function valid(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return undefined;
  if (d > (m === 2 && leap(y) ? 29 : MONTH_DAYS[m - 1]!)) return undefined;
  return `${y}-${twoDigits(m)}-${twoDigits(d)}`;
}

/**
 * ISO (YYYY-MM-DD, also YYYY/MM/DD), day-first forms as Nigerian offices write them (DD/MM/YYYY,
 * D-M-YYYY, DD.MM.YYYY, DD/MM/YY), month names ('15-Mar-1985', '15-MAR-85', '15 March 1985',
 * 'March 15, 1985'), spreadsheet date cells and Excel serial numbers. Month-first numeric dates
 * (3/15/1985) are not read: a file of them would be misread wherever the day is 12 or less.
 * Undefined when the value is not a date.
 */
export function parseDate(cell: Cell): string | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : isoDate(cell);
  if (typeof cell === 'number') {
    // A serial day in a number cell (no date format): the 1900 system, as Excel counts it.
    if (cell < 1 || cell > 80000) return undefined;
    const iso = serialToIsoDate(cell);
    return iso === undefined ? undefined : parseDate(iso);
  }
  const s = cellText(cell);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s) ?? /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(s);
  if (m) return valid(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(s);
  if (m) return valid(year(m[3]!), +m[2]!, +m[1]!);
  m = /^(\d{1,2})[\s/-]+([A-Za-z]{3,9})\.?[\s/,-]+(\d{4}|\d{2})$/.exec(s);
  if (m) return named(m[2]!, +m[1]!, m[3]!);
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s); // 'March 15, 1985'
  if (m) return named(m[1]!, +m[2]!, m[3]!);
  return undefined;
}

/** A two-digit year as spreadsheets read it: 00–29 is 2000–2029, 30–99 is 1930–1999. */
const year = (y: string) => (y.length === 4 ? +y : +y < 30 ? 2000 + +y : 1900 + +y);

function named(monthName: string, day: number, y: string): string | undefined {
  const month = MONTHS.indexOf(monthName.slice(0, 3).toLowerCase());
  return month < 0 ? undefined : valid(year(y), month + 1, day);
}
