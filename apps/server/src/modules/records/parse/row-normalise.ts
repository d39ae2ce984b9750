import type { UploadRowError } from '@portal/contract/records';
import {
  BVN,
  digitsOf,
  NUBAN,
  numberToKobo,
  parseNairaToKobo,
  PAYROLL_MESSAGES,
} from '@portal/contract/payroll';
import { cellText, parseDate, type Cell } from './cell-values.ts';
import type { Field, HeaderMap } from './headers.ts';
import type { RowResult } from './list-kind.ts';

/** A valid row, normalised; `original` keeps every cell as uploaded (unknown columns too). */
export interface MasterRow {
  rowNumber: number;
  naturalKey: string;
  keyColumn: 'PSN' | 'NIN';
  fullName: string;
  employeeId: string | null;
  psn: string | null;
  nin: string | null;
  ssid: string | null;
  ministry: string;
  department: string;
  gradeLevel: string | null;
  salaryGradeId: string | null;
  salaryStructure: string | null;
  dateOfBirth: string | null;
  email: string | null;
  phone: string | null;
  dateOfFirstAppointment: string | null;
  bank: string | null;
  accountNumber: string | null;
  bvn: string | null;
  /** Integer kobo. */
  monthlyGrossKobo: number | null;
  original: Record<string, string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const UNREADABLE =
  'The text holds letters that could not be read (U+FFFD): the file mixes two text encodings, or lost the letters when it was saved. Save it as "CSV UTF-8" (or .xlsx) from the original and upload it again.';

/**
 * Longest value per column, as the record edit form allows (RecordEditSchema) for the fields it
 * edits: a longer cell is a stray note or a merged cell, not a name.
 */
const MAX_LENGTH = [
  ['fullName', 'Full name', 300],
  ['ministry', 'Ministry', 300],
  ['department', 'Department', 300],
  ['gradeLevel', 'Grade level', 50],
  ['salaryStructure', 'Salary structure', 100],
  ['salaryGradeId', 'Salary grade id', 100],
  ['employeeId', 'Employee id', 100],
  ['psn', 'PSN', 50],
  ['ssid', 'SSID', 50],
  ['email', 'Email', 254],
  ['phone', 'Phone', 50],
  ['bank', 'Bank', 100],
] as const satisfies readonly (readonly [Field, string, number])[];

/**
 * One data row → a MasterRow, or the reasons it is refused. Reasons never repeat the value (no
 * personal data in error reports). Returns null for a row with no value at all (skipped).
 */
export function normaliseRow(cells: Cell[], rowNumber: number, map: HeaderMap<Field>): RowResult<MasterRow> {
  const raw: Partial<Record<Field, Cell>> = {};
  const texts: Partial<Record<Field, string>> = {};
  const original: Record<string, string> = {};
  let empty = true;
  let unreadable: number[] | undefined;
  const { headers, fields } = map;
  for (let i = 0; i < headers.length; i++) {
    const text = cellText(cells[i]);
    const field = fields.get(i);
    if (field) {
      raw[field] = cells[i];
      texts[field] = text;
    }
    if (!text) continue;
    empty = false;
    if (text.includes('\uFFFD')) (unreadable ??= []).push(i);
    const header = headers[i];
    if (header) original[field ?? header] = text;
  }
  if (empty) return null;

  const text = (f: Field) => texts[f] || null;
  const errors: UploadRowError[] = [];
  // U+FFFD stands for letters that could not be read: a CSV mixing UTF-8 and Windows-1252
  // (csv-reader.ts), or a file whose letters were already lost before it was saved. Never stored.
  for (const i of unreadable ?? [])
    errors.push({ row: rowNumber, column: headers[i] || `column ${i + 1}`, reason: UNREADABLE });
  const fail = (field: Field | 'psnOrNin', column: string | undefined, reason: string) =>
    errors.push({ row: rowNumber, column: column ?? field, reason });

  const fullName =
    text('fullName') ??
    ([text('firstName'), text('middleName'), text('lastName')].filter(Boolean).join(' ') || null);
  if (!fullName) fail('fullName', map.labelOf.fullName ?? 'Full Name', 'Full name is required');
  const ministry = text('ministry');
  if (!ministry) fail('ministry', map.labelOf.ministry, 'Ministry is required');
  const department = text('department');
  if (!department) fail('department', map.labelOf.department, 'Department is required');

  const psn = psnOf(text('psn'));
  const nin = ninOf(raw.nin, text('nin'));
  if (nin && !/^\d{11}$/.test(nin)) fail('nin', map.labelOf.nin, NIN_DIGITS);
  if (!psn && !nin)
    fail('psnOrNin', map.labelOf.psn ?? map.labelOf.nin ?? 'PSN or NIN', 'A PSN or a NIN is required');

  let dateOfBirth: string | null = null;
  if (cellText(raw.dateOfBirth)) {
    dateOfBirth = parseDate(raw.dateOfBirth) ?? null;
    if (!dateOfBirth)
      fail(
        'dateOfBirth',
        map.labelOf.dateOfBirth,
        'Date of birth is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)',
      );
  }
  const payroll = payrollOf(raw, text, (field, reason) => fail(field, map.labelOf[field], reason));
  const email = text('email')?.toLowerCase() ?? null;
  if (email && !EMAIL.test(email)) fail('email', map.labelOf.email, 'Email is not a valid address');

  const composed = { fullName: fullName ?? '', ministry, department, psn, email } as Partial<
    Record<Field, string | null>
  >;
  for (const [field, label, max] of MAX_LENGTH) {
    const value = field in composed ? composed[field] : text(field);
    if (value && value.length > max)
      fail(field, map.labelOf[field] ?? label, `${label} is longer than ${max} characters`);
  }

  if (errors.length) return { errors };
  return {
    row: {
      rowNumber,
      naturalKey: psn ?? nin!,
      keyColumn: psn ? 'PSN' : 'NIN',
      fullName: fullName!,
      employeeId: text('employeeId'),
      psn,
      nin,
      ssid: text('ssid')?.replace(/\s+/g, '') ?? null,
      ministry: ministry!,
      department: department!,
      gradeLevel: text('gradeLevel'),
      salaryGradeId: text('salaryGradeId'),
      salaryStructure: text('salaryStructure'),
      dateOfBirth,
      email,
      // Nigerian numbers are 11 digits from 0; a numeric cell dropped the 0.
      phone:
        typeof raw.phone === 'number' && /^[1-9]\d{9}$/.test(text('phone') ?? '')
          ? `0${text('phone')}`
          : text('phone'),
      ...payroll,
      original,
    },
  };
}

/** A PSN as written, without spaces, in capitals (every list matches people by it). */
export const psnOf = (text: string | null): string | null => text?.replace(/\s+/g, '').toUpperCase() ?? null;

/** A NIN as written without spaces or hyphens; a numeric cell lost its leading zeros: put them back. */
export function ninOf(cell: Cell, text: string | null): string | null {
  const nin = text?.replace(/[\s-]/g, '') ?? null;
  return nin && typeof cell === 'number' && /^\d{1,10}$/.test(nin) ? nin.padStart(11, '0') : nin;
}

export const NIN_DIGITS = 'NIN must be 11 digits';

/**
 * A number of `length` digits from its cell: a numeric cell lost its leading zeros in the
 * spreadsheet (an account number starting with 0), so they are put back.
 */
function digitCell(cell: Cell, text: string | null, length: number): string | null {
  if (!text) return null;
  const digits = digitsOf(text);
  return typeof cell === 'number' && /^\d+$/.test(digits) && digits.length < length
    ? digits.padStart(length, '0')
    : digits;
}

/** The payroll columns (issue #21): each optional; a present value must be valid. */
function payrollOf(
  raw: Partial<Record<Field, Cell>>,
  text: (f: Field) => string | null,
  fail: (field: Field, reason: string) => void,
) {
  let dateOfFirstAppointment: string | null = null;
  if (cellText(raw.dateOfFirstAppointment)) {
    dateOfFirstAppointment = parseDate(raw.dateOfFirstAppointment) ?? null;
    if (!dateOfFirstAppointment) fail('dateOfFirstAppointment', PAYROLL_MESSAGES.firstAppointment);
  }
  const accountNumber = digitCell(raw.accountNumber, text('accountNumber'), 10);
  if (accountNumber && !NUBAN.test(accountNumber)) fail('accountNumber', PAYROLL_MESSAGES.accountNumber);
  const bvn = digitCell(raw.bvn, text('bvn'), 11);
  if (bvn && !BVN.test(bvn)) fail('bvn', PAYROLL_MESSAGES.bvn);
  let monthlyGrossKobo: number | null = null;
  const pay = raw.monthlyGrossPay;
  if (cellText(pay)) {
    const parsed = typeof pay === 'number' ? numberToKobo(pay) : parseNairaToKobo(cellText(pay));
    if ('error' in parsed) fail('monthlyGrossPay', parsed.error);
    else monthlyGrossKobo = parsed.kobo;
  }
  return { dateOfFirstAppointment, bank: text('bank'), accountNumber, bvn, monthlyGrossKobo };
}
