import { describe, expect, it } from 'vitest';
import {
  displayTimeZone,
  formatCalendarDate,
  formatCount,
  formatMediumDate,
  formatMediumDateTime,
  formatNaira,
  formatNairaShort,
  formatRecordStatus,
  formatShare,
  formatTime,
  formatTimeZoneNote,
  setDisplayTimeZone,
  sharePercent,
} from './format.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [2000, '2,000'],
    [1_000_000, '1,000,000'],
  ])('groups thousands with commas: %d is %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it('shows whole numbers and a dash for what is not a number', () => {
    expect(formatCount(1880.4)).toBe('1,880');
    expect(formatCount(Number.NaN)).toBe('\u2014');
  });
});

describe('shares', () => {
  it('are percentages of the total', () => {
    expect(sharePercent(1880, 2000)).toBe(94);
    expect(sharePercent(120, 2000)).toBe(6);
    expect(sharePercent(2000, 2000)).toBe(100);
  });

  it('are 0 without a total, never a division by zero', () => {
    expect(sharePercent(0, 0)).toBe(0);
    expect(sharePercent(5, 0)).toBe(0);
    expect(formatShare(0, 0)).toBe('0%');
  });

  it('read with one decimal at most', () => {
    expect(formatShare(1880, 2000)).toBe('94%');
    expect(formatShare(80, 2000)).toBe('4%');
    expect(formatShare(9, 200)).toBe('4.5%');
    expect(formatShare(1, 3)).toBe('33.3%');
  });

  it('never hide a single record behind 0% or 100%', () => {
    expect(formatShare(1, 1_000_000)).toBe('<0.1%');
    expect(formatShare(999_999, 1_000_000)).toBe('>99.9%');
    expect(formatShare(1_000_000, 1_000_000)).toBe('100%');
  });
});

describe('dates', () => {
  it('reads a date of birth as a calendar date, whatever the time zone', () => {
    expect(formatCalendarDate('1980-01-02')).toBe('Jan 2, 1980');
    expect(formatCalendarDate('1985-03-15T00:00:00.000Z')).toBe('Mar 15, 1985');
    expect(formatCalendarDate(null)).toBe('\u2014');
    expect(formatCalendarDate('unknown')).toBe('unknown');
  });

  it('shows moments with date and time, a dash when unreadable', () => {
    // ICU puts a narrow no-break space before AM in some versions.
    expect(formatMediumDateTime('2026-11-21T02:05:00Z')).toMatch(/^Nov 21, 2026, 3:05\sAM$/);
    expect(formatMediumDateTime('not a date')).toBe('\u2014');
    expect(formatMediumDateTime(undefined)).toBe('\u2014');
  });

  // Issue #31 item 12: one zone per tenant, never the browser's.
  it("shows moments in the tenant's time zone (Africa/Lagos until told), and says which", () => {
    const exported = '2026-11-27T23:19:00Z';
    expect(displayTimeZone()).toBe('Africa/Lagos');
    expect(formatMediumDateTime(exported)).toMatch(/^Nov 28, 2026, 12:19\sAM$/);
    expect(formatMediumDate(exported)).toBe('Nov 28, 2026');
    expect(formatTime(new Date(exported))).toMatch(/^12:19:00\sAM$/);
    expect(formatTimeZoneNote()).toBe('Times in Africa/Lagos (GMT+1)');

    setDisplayTimeZone('America/Los_Angeles');
    expect(formatMediumDateTime(exported)).toMatch(/^Nov 27, 2026, 3:19\sPM$/);
    expect(formatMediumDate(exported)).toBe('Nov 27, 2026');
    expect(formatTimeZoneNote()).toBe('Times in America/Los_Angeles (PST)');
    // A date of birth is a calendar date: no zone moves it.
    expect(formatCalendarDate('1980-01-02')).toBe('Jan 2, 1980');

    // A name that is no zone changes nothing.
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(displayTimeZone()).toBe('America/Los_Angeles');
  });
});

describe('formatRecordStatus', () => {
  it('title-cases known statuses and calls others Unknown', () => {
    expect(formatRecordStatus('PENDING_GRADE_VALIDATION')).toBe('Pending Grade Validation');
    expect(formatRecordStatus('VALIDATED')).toBe('Validated');
    expect(formatRecordStatus('SOMETHING_ELSE')).toBe('Unknown');
    expect(formatRecordStatus(null)).toBe('Unknown');
  });
});

describe('formatNaira', () => {
  it.each([
    [1234567.5, '₦1,234,567.50'],
    [80_500_000, '₦80,500,000.00'],
    [0.05, '₦0.05'],
    [0, '₦0.00'],
    [null, '\u2014'],
  ])('writes naira as people in Nigeria do (the sign, commas, two decimals): %s is %s', (amount, text) => {
    expect(formatNaira(amount)).toBe(text);
  });

  it('shortens amounts for a chart axis', () => {
    expect(formatNairaShort(80_500_000)).toBe('₦80.5m');
    expect(formatNairaShort(1_250_000_000)).toBe('₦1.3bn');
    expect(formatNairaShort(250_000)).toBe('₦250k');
    expect(formatNairaShort(900)).toBe('₦900');
  });
});
