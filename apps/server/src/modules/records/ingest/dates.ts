import { isoDate } from './cells.ts';

const DAY_MS = 86_400_000;
/** 1899-12-30: day 0 of the 1900 date system once Excel's fictitious 29 February 1900 is skipped. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * The UTC date of an Excel serial day number (time of day ignored). Serial 60 is Excel's
 * 29 February 1900, which never existed; serials below it are one day off the usual formula.
 */
export function excelSerialToDate(serial: number, date1904 = false): Date | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const day = Math.floor(serial);
  if (date1904) return new Date(EPOCH_1904 + day * DAY_MS);
  if (day === 60) return null;
  return new Date(EPOCH_1900 + (day < 60 ? day + 1 : day) * DAY_MS);
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** An optional time after a date, as spreadsheet programs write date-times into CSV. */
const TIME = String.raw`(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const YMD = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const DMY = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})${TIME}$`);
const D_MON_Y = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.,]*([A-Za-z]+)\.?[\s\-/.,]*(\d{4}|\d{2})$/;
const MON_D_Y = /^([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/;

/**
 * A two-digit year is in this century when that is not in the future, otherwise in the last one
 * ('85' → 1985, '05' → 2005): the only reading that suits dates of birth.
 */
function fullYear(text: string, now: Date): number {
  const year = Number(text);
  if (text.length === 4) return year;
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  return century + year > now.getUTCFullYear() ? century - 100 + year : century + year;
}

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over to 1 May; a real date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return isoDate(date);
}

/**
 * The ISO date of a date written as text: YYYY-MM-DD (also with / or . and a time), DD/MM/YYYY,
 * D/M/YYYY, DD-MM-YYYY, DD.MM.YYYY (day first, as in Nigeria; a month-first US date with a day
 * over 12 is refused rather than guessed), '15-Mar-1985', '15 March 1985', 'March 15, 1985'.
 * Null when the text is no date or not a real calendar date.
 */
export function parseDateText(text: string, now = new Date()): string | null {
  const s = text.trim();
  let m = YMD.exec(s);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DMY.exec(s);
  if (m) return calendarDate(fullYear(m[3]!, now), Number(m[2]), Number(m[1]));
  m = D_MON_Y.exec(s);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? calendarDate(fullYear(m[3]!, now), month, Number(m[1])) : null;
  }
  m = MON_D_Y.exec(s);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}
