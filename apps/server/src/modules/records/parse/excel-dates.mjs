// Spreadsheet serial day numbers as dates: the one place they are converted (DECISIONS 145), for
// the spreadsheet worker (plain JavaScript, so this is too) and cell-values.ts.

const DAY_MS = 86_400_000;

/**
 * The ISO date (YYYY-MM-DD) of a spreadsheet's serial day number, as the program that wrote the
 * workbook shows it; the time of day is dropped.
 *
 * - 1900 system (Excel, Gnumeric, and every .xls and .xlsx by default): day 1 is 1900-01-01, and
 *   day 60 is 29 February 1900, which never was (Excel keeps Lotus 1-2-3's mistake; ECMA-376
 *   writes it into the format): days 1–59 are 1900-01-01..1900-02-28, day 60 is returned as
 *   '1900-02-29' so that it is refused as no date, and from day 61 (1900-03-01) the count is
 *   right.
 * - LibreOffice (`libreOffice`) writes its own day numbers into .xlsx, counted from 1899-12-30
 *   without the missing day: 1900-01-01 is day 2, 1900-02-28 day 60, as LibreOffice reads them
 *   back; from 1900-03-01 on they are Excel's.
 * - 1904 system (`date1904`, a workbook saved so on a Mac): day 0 is 1904-01-01.
 *
 * @param {number} serial
 * @param {{ date1904?: boolean; libreOffice?: boolean }} [system]
 * @returns {string | undefined} undefined when the number is no day at all
 */
export function serialToIsoDate(serial, system = {}) {
  if (!Number.isFinite(serial) || Math.abs(serial) > 3_000_000) return undefined;
  const day = Math.floor(serial);
  let epoch;
  if (system.date1904) epoch = Date.UTC(1904, 0, 1);
  else if (system.libreOffice || day >= 61) epoch = Date.UTC(1899, 11, 30);
  else if (day === 60) return '1900-02-29';
  else epoch = Date.UTC(1899, 11, 31);
  return new Date(epoch + day * DAY_MS).toISOString().slice(0, 10);
}
