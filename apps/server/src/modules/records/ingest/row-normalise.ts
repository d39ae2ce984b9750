import type { UploadRowError } from '@portal/contract/records';
import { cellText, columnLetters, isoDate, plainNumber, type Cell, type RawRow } from './cells.ts';
import { excelSerialToDate, parseDateText } from './dates.ts';
import { FIELD_LABELS, type CanonicalField, type ColumnInfo, type HeaderLayout } from './headers.ts';

/** A row error: spreadsheet row number, column header as written in the file, a reason without personal data. */
export type RowError = UploadRowError;

/** A valid row, normalised. Absent values are null; dates are ISO 'YYYY-MM-DD'. */
export interface MasterRow {
  rowNumber: number;
  /** PSN when the row has one, else NIN (DESIGN §6). */
  naturalKey: string;
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
  /** Every non-empty cell as uploaded (string form): recognised columns under their field, others under their header. */
  original: Record<string, string>;
}

export interface RowContext {
  /** The workbook counts serial dates from 1904 (old Mac Excel). */
  date1904: boolean;
  /** Today as 'YYYY-MM-DD': a date of birth after it is an error. */
  today: string;
}

export type RowResult = { row: MasterRow; errors?: undefined } | { row?: undefined; errors: RowError[] };

const MAX_LENGTH = 300;
const NIN_DIGITS = 11;
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

interface Found {
  cell: Cell;
  column: ColumnInfo;
}

/**
 * Turns one data row into a MasterRow or its errors. Returns null for a row without any value in a
 * recognised column (blank rows, or template rows holding only a serial number or a formula):
 * such a row is no person and is skipped rather than reported.
 */
export function normaliseRow(raw: RawRow, layout: HeaderLayout, ctx: RowContext): RowResult | null {
  const { cells } = raw;
  const find = (field: CanonicalField): Found | null => {
    for (const column of layout.fieldColumns[field] ?? []) {
      const cell = cells[column.index];
      if (cellText(cell) !== '') return { cell: cell ?? null, column };
    }
    return null;
  };
  const found = new Map<CanonicalField, Found>();
  for (const field of layout.fields) {
    const hit = find(field);
    if (hit) found.set(field, hit);
  }
  if (found.size === 0) return null;

  const errors: RowError[] = [];
  const columnName = (field: CanonicalField) =>
    layout.fieldColumns[field]?.[0]?.header ?? FIELD_LABELS[field];
  const fail = (column: string, reason: string) => errors.push({ row: raw.rowNumber, column, reason });
  const text = (field: CanonicalField): string | null => {
    const hit = found.get(field);
    if (!hit) return null;
    const value = collapse(cellText(hit.cell));
    if (value.length > MAX_LENGTH) {
      fail(hit.column.header, `${FIELD_LABELS[field]} is longer than ${MAX_LENGTH} characters`);
      return null;
    }
    return value;
  };

  let fullName = text('fullName');
  if (!fullName) {
    const parts = [text('firstName'), text('middleName'), text('lastName')].filter(Boolean);
    fullName = parts.length > 0 ? parts.join(' ') : null;
  }
  if (!fullName) fail(nameColumn(layout), 'Full name is required');
  const ministry = text('ministry');
  if (!ministry) fail(columnName('ministry'), 'Ministry is required');
  const department = text('department');
  if (!department) fail(columnName('department'), 'Department is required');

  const psnText = text('psn');
  const psn = psnText ? psnText.replace(/\s+/g, '').toUpperCase() : null;
  const nin = readNin(found.get('nin'), fail);
  if (!psn && !nin && !found.has('nin')) {
    fail(layout.fieldColumns.psn?.[0]?.header ?? columnName('nin'), 'PSN or NIN is required');
  }
  const dateOfBirth = readDateOfBirth(found.get('dateOfBirth'), ctx, fail);
  const emailText = text('email');
  const email = emailText ? emailText.toLowerCase() : null;
  if (email && !EMAIL.test(email)) fail(columnName('email'), 'Email is not a valid address');

  const row = {
    employeeId: text('employeeId'),
    ssid: text('ssid'),
    gradeLevel: text('gradeLevel'),
    salaryGradeId: text('salaryGradeId'),
    salaryStructure: text('salaryStructure'),
    phone: text('phone'),
  };
  if (errors.length > 0 || !fullName || !ministry || !department || !(psn || nin)) return { errors };
  return {
    row: {
      rowNumber: raw.rowNumber,
      naturalKey: (psn || nin)!,
      fullName,
      psn,
      nin,
      ministry,
      department,
      dateOfBirth,
      email,
      ...row,
      original: originalData(cells, layout),
    },
  };
}

/** The column to blame for a missing name: the full-name column, else the first name-part column in the file. */
function nameColumn(layout: HeaderLayout): string {
  const full = layout.fieldColumns.fullName?.[0];
  if (full) return full.header;
  const parts = (['firstName', 'middleName', 'lastName'] as const)
    .map((f) => layout.fieldColumns[f]?.[0])
    .filter((c): c is ColumnInfo => Boolean(c))
    .sort((a, b) => a.index - b.index);
  return parts[0]?.header ?? FIELD_LABELS.fullName;
}

/**
 * NIN: 11 digits. A NIN typed into a spreadsheet without a text format becomes a number and loses
 * its leading zeros (01234567890 → 1234567890); a numeric cell is therefore left-padded to 11
 * digits. Text is taken as written: a 10-digit text NIN is an error, not a guess.
 */
function readNin(hit: Found | undefined, fail: (column: string, reason: string) => void): string | null {
  if (!hit) return null;
  let digits: string;
  if (typeof hit.cell === 'number') {
    digits =
      Number.isInteger(hit.cell) && hit.cell >= 0 ? plainNumber(hit.cell).padStart(NIN_DIGITS, '0') : '';
  } else {
    digits = cellText(hit.cell);
  }
  if (digits.length !== NIN_DIGITS || !/^\d+$/.test(digits)) {
    fail(hit.column.header, `NIN must be ${NIN_DIGITS} digits`);
    return null;
  }
  return digits;
}

/** A date cell, an Excel serial number (a date cell without a date format), or text in a common form. */
function readDateOfBirth(
  hit: Found | undefined,
  ctx: RowContext,
  fail: (column: string, reason: string) => void,
): string | null {
  if (!hit) return null;
  const { cell } = hit;
  let iso: string | null = null;
  if (cell instanceof Date) iso = Number.isNaN(cell.getTime()) ? null : isoDate(cell);
  else if (typeof cell === 'number') {
    const date = excelSerialToDate(cell, ctx.date1904);
    iso = date ? isoDate(date) : null;
  } else if (typeof cell === 'string') iso = parseDateText(cell);
  if (!iso || iso < '1900-01-01') {
    fail(hit.column.header, 'Date of birth is not a valid date');
    return null;
  }
  if (iso > ctx.today) {
    fail(hit.column.header, 'Date of birth is in the future');
    return null;
  }
  return iso;
}

/** Non-empty cells as uploaded; a value beyond the header row's last column is kept under 'Column X'. */
function originalData(cells: Cell[], layout: HeaderLayout): Record<string, string> {
  const original: Record<string, string> = {};
  for (let index = 0; index < cells.length; index++) {
    const value = cellText(cells[index]);
    if (value === '') continue;
    const key = layout.columns[index]?.originalKey ?? `Column ${columnLetters(index)}`;
    original[key] = value;
  }
  return original;
}
