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

/** A row error under the column the file names for `field`, else the field's own name. */
const failIn = (read: RowCells<Field>, field: Field, column: string | undefined, reason: string) =>
  read.fail(column ?? field, reason);

/**
 * One data row → a MasterRow, or the reasons it is refused. Reasons never repeat the value (no
 * personal data in error reports). Returns null for a row with no value at all (skipped).
 */
export function normaliseRow(cells: Cell[], rowNumber: number, map: HeaderMap<Field>): RowResult<MasterRow> {
  const original: Record<string, string> = {};
  const read = readCells(cells, rowNumber, map, original);
  if (!read) return null;
  const { raw, text, errors } = read;

  const fullName = requiredName(
    [text('fullName'), text('firstName'), text('middleName'), text('lastName')],
    map.labelOf.fullName ?? 'Full Name',
    read.fail,
  );
  const ministry = text('ministry');
  if (!ministry) failIn(read, 'ministry', map.labelOf.ministry, 'Ministry is required');
  const department = text('department');
  if (!department) failIn(read, 'department', map.labelOf.department, 'Department is required');

  const { psn, nin } = personKeys(
    text('psn'),
    raw.nin,
    text('nin'),
    { nin: map.labelOf.nin ?? 'NIN', psnOrNin: map.labelOf.psn ?? map.labelOf.nin ?? 'PSN or NIN' },
    read.fail,
  );

  let dateOfBirth: string | null = null;
  if (cellText(raw.dateOfBirth)) {
    dateOfBirth = parseDate(raw.dateOfBirth) ?? null;
    if (!dateOfBirth)
      failIn(
        read,
        'dateOfBirth',
        map.labelOf.dateOfBirth,
        'Date of birth is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)',
      );
  }
  const payroll = payrollOf(raw, text, (field, reason) => read.fail(map.labelOf[field] ?? field, reason));
  const email = text('email')?.toLowerCase() ?? null;
  if (email && !EMAIL.test(email)) failIn(read, 'email', map.labelOf.email, 'Email is not a valid address');

  const composed = { fullName: fullName ?? '', ministry, department, psn, email } as Partial<
    Record<Field, string | null>
  >;
  for (const [field, label, max] of MAX_LENGTH) {
    const value = field in composed ? composed[field] : text(field);
    if (value && value.length > max)
      failIn(read, field, map.labelOf[field] ?? label, `${label} is longer than ${max} characters`);
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

/** A row's cells by field, and its row errors (first, one for each cell that could not be read). */
export interface RowCells<F extends string> {
  raw: Partial<Record<F, Cell>>;
  /** A field's cell as text; null when empty or when the file has no column for it. */
  text(field: F): string | null;
  errors: UploadRowError[];
  /** Adds a row error under `column` (a header as the file writes it, or the field's label). */
  fail(column: string, reason: string): void;
}

/**
 * Reads a data row of any list: each field's cell, and its text; null for a row with no value at
 * all (skipped). U+FFFD stands for letters that could not be read: a CSV mixing UTF-8 and
 * Windows-1252 (csv-reader.ts), or a file whose letters were already lost before it was saved;
 * such a cell is a row error, never stored. `original`, when given, receives every non-empty cell
 * under its field or, for an unknown column, its header (the master list keeps them).
 */
export function readCells<F extends string>(
  cells: Cell[],
  rowNumber: number,
  map: HeaderMap<F>,
  original?: Record<string, string>,
): RowCells<F> | null {
  const raw: Partial<Record<F, Cell>> = {};
  const texts: Partial<Record<F, string>> = {};
  const errors: UploadRowError[] = [];
  let empty = true;
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
    if (text.includes('\uFFFD'))
      errors.push({ row: rowNumber, column: headers[i] || `column ${i + 1}`, reason: UNREADABLE });
    const header = headers[i];
    if (original && header) original[field ?? header] = text;
  }
  if (empty) return null;
  // Methods, not arrow functions: tsx keeps every named arrow's name with a defineProperty call,
  // which per row and per closure was a tenth of the parser's time. They use no `this`, so a
  // caller may take them out of the object.
  return {
    raw,
    text(f) {
      return texts[f] || null;
    },
    errors,
    fail(column, reason) {
      errors.push({ row: rowNumber, column, reason });
    },
  };
}

/**
 * The person a row names, as every list matches people: its PSN and its NIN, or the reasons it
 * names nobody, each under its column (`columns.nin`; `columns.psnOrNin` when it has neither).
 */
export function personKeys(
  psnText: string | null,
  ninCell: Cell,
  ninText: string | null,
  columns: { nin: string; psnOrNin: string },
  fail: (column: string, reason: string) => void,
): { psn: string | null; nin: string | null } {
  const psn = psnOf(psnText);
  const nin = ninOf(ninCell, ninText);
  if (nin && !/^\d{11}$/.test(nin)) fail(columns.nin, NIN_DIGITS);
  if (!psn && !nin) fail(columns.psnOrNin, 'A PSN or a NIN is required');
  return { psn, nin };
}

/**
 * A row's full name: its column's, else put together from the name's parts in the order given
 * (first, middle, last), as a file that splits the name writes them; required.
 */
export function requiredName(
  [full, ...parts]: (string | null)[],
  column: string,
  fail: (column: string, reason: string) => void,
): string | null {
  const name = full ?? (parts.filter(Boolean).join(' ') || null);
  if (!name) fail(column, 'Full name is required');
  return name;
}

/**
 * The values longer than their column allows, with that length: a longer cell is a stray note or
 * a merged cell, not a value.
 */
export function tooLong<F extends string>(
  values: Partial<Record<F, string | null>>,
  limits: readonly (readonly [F, number])[],
): [F, number][] {
  let long: [F, number][] | undefined;
  for (const [field, max] of limits) if ((values[field]?.length ?? 0) > max) (long ??= []).push([field, max]);
  return long ?? [];
}

/** A row's outcome: its row errors if it has any, else the row. */
export const rowResult = <R>(errors: UploadRowError[], row: () => R): RowResult<R> =>
  errors.length ? { errors } : { row: row() };

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
