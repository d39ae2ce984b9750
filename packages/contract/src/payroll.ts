import { z } from 'zod';

/**
 * The payroll columns of the master list (issue #21): first appointment, bank, account number
 * (NUBAN), BVN and monthly gross pay. One set of rules for the upload, the record edit and the web
 * form. Money is exact to the kobo: held as an integer number of kobo, never as a float sum.
 */

/** A Nigerian bank account number (NUBAN): 10 digits. */
export const NUBAN = /^\d{10}$/;
/** A Bank Verification Number: 11 digits. */
export const BVN = /^\d{11}$/;

/** The largest monthly gross pay taken: ₦1,000,000,000,000 (a cell above it is a typing slip). */
export const MAX_MONTHLY_KOBO = 100_000_000_000_000;

export const PAYROLL_MESSAGES = {
  accountNumber: 'Account number must be 10 digits (NUBAN)',
  bvn: 'BVN must be 11 digits',
  amount: 'Monthly gross pay must be an amount in naira, e.g. 250000, 250,000.00 or ₦250,000.50',
  negative: 'Monthly gross pay cannot be negative',
  tooLarge: 'Monthly gross pay is larger than any salary',
  firstAppointment: 'Date of first appointment is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)',
  firstAppointmentIso: 'Date of first appointment must be a valid date (YYYY-MM-DD)',
} as const;

/** Digits of an account number or BVN as people type them: spaces and hyphens between groups dropped. */
export const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/**
 * Naira as written in a master list or a form → integer kobo: '250000', '250,000.00', '₦250,000.5',
 * 'N 1,234,567.50', 'NGN250000'. Thousands separators must group by three; at most two decimals
 * (a kobo is the smallest unit). Returns the kobo or the reason it is refused.
 */
export function parseNairaToKobo(text: string): { kobo: number } | { error: string } {
  // Read once per cell of a million-row list: no closure, and no replace where nothing is replaced.
  let s = text.trim();
  if (SPACE.test(s)) s = s.replace(/\s+/g, '');
  let negative = false;
  // Accounting negatives are bracketed: (250,000.00).
  if (/^\(.*\)$/.test(s)) [negative, s] = [true, s.slice(1, -1)];
  if (s.startsWith('-')) [negative, s] = [true, s.slice(1)];
  if (!DIGIT.test(s)) {
    s = s.replace(/^(₦|NGN|N)/i, '');
    if (s.startsWith('-')) [negative, s] = [true, s.slice(1)];
  }
  // The currency may also follow the amount ('250,000.00 NGN').
  if (/[₦N]$/i.test(s)) s = s.replace(/(₦|NGN)$/i, '');
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(s) ?? /^()\.(\d{1,2})$/.exec(s);
  if (!m) return { error: PAYROLL_MESSAGES.amount };
  const whole = (m[1] || '0').replace(/,/g, '');
  if (whole.replace(/^0+/, '').length > 13) return { error: PAYROLL_MESSAGES.tooLarge };
  const kobo = Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (negative && kobo > 0) return { error: PAYROLL_MESSAGES.negative };
  if (kobo > MAX_MONTHLY_KOBO) return { error: PAYROLL_MESSAGES.tooLarge };
  return { kobo };
}

const SPACE = /\s/;
/** Starts with a digit: no currency before the amount. */
const DIGIT = /^\d/;

/**
 * A spreadsheet's number cell → kobo. A cell computed by a formula may carry floating-point noise
 * (1375.0000000000002): within a thousandth of a kobo it is that kobo; a real fraction of a kobo
 * (1234.567) is refused like the same text would be.
 */
export function numberToKobo(value: number): { kobo: number } | { error: string } {
  if (!Number.isFinite(value)) return { error: PAYROLL_MESSAGES.amount };
  if (value < 0) return { error: PAYROLL_MESSAGES.negative };
  const kobo = Math.round(value * 100);
  if (kobo > MAX_MONTHLY_KOBO) return { error: PAYROLL_MESSAGES.tooLarge };
  if (Math.abs(value * 100 - kobo) > 1e-3) return { error: PAYROLL_MESSAGES.amount };
  return { kobo };
}

/** Integer kobo → naira as a number with at most two decimals (the nearest double to the exact amount). */
export const koboToNaira = (kobo: number) => kobo / 100;

/** Naira (a number with at most two decimals) → integer kobo, exactly. */
export const nairaToKobo = (naira: number) => Math.round(naira * 100);

/** Naira with two decimals and no separators ('1234567.50'), the form of a form field's value. */
export function nairaText(kobo: number): string {
  const whole = Math.floor(kobo / 100);
  return `${whole}.${String(kobo % 100).padStart(2, '0')}`;
}

const optionalDigits = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? digitsOf(v) : null))
    .refine((v) => v == null || pattern.test(v), message);

/** An edit's account number: left out keeps it, blank clears it. */
export const AccountNumberInputSchema = optionalDigits(NUBAN, PAYROLL_MESSAGES.accountNumber);
export const BvnInputSchema = optionalDigits(BVN, PAYROLL_MESSAGES.bvn);

/**
 * An edit's monthly gross pay: naira as a number or as text ('₦250,000.50'); left out keeps it,
 * null or blank clears it. Becomes integer kobo.
 */
export const MonthlyPayInputSchema = z
  .union([z.number(), z.string().max(40)])
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && !v.trim())) return null;
    const parsed = typeof v === 'number' ? numberToKobo(v) : parseNairaToKobo(v);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.kobo;
  });
