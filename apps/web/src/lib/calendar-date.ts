/**
 * 'Dec 18, 2026' for a calendar day 'YYYY-MM-DD' (a date without a time: never moved by a zone),
 * the day as given when it is not one, a dash when missing. Without the rest of `format.ts`, which
 * builds the contract's schemas: the field agent's page (issue #32) loads no zod. The formatter is
 * made on first use (DECISIONS 214: a page's first Intl object starts ICU).
 */
let calendarDate: Intl.DateTimeFormat | undefined;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const DASH = '\u2014';

export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return DASH;
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  calendarDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return Number.isNaN(date.getTime()) ? value : calendarDate.format(date);
}
