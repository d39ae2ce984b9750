import { cellText, columnLetters, type Cell } from './cells.ts';

export const CANONICAL_FIELDS = [
  'fullName',
  'firstName',
  'middleName',
  'lastName',
  'employeeId',
  'psn',
  'nin',
  'ssid',
  'ministry',
  'department',
  'gradeLevel',
  'salaryGradeId',
  'salaryStructure',
  'dateOfBirth',
  'email',
  'phone',
] as const;
export type CanonicalField = (typeof CANONICAL_FIELDS)[number];

/** How a field is named in messages when its column is missing. */
export const FIELD_LABELS: Record<CanonicalField, string> = {
  fullName: 'Full Name',
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Surname',
  employeeId: 'Employee ID',
  psn: 'PSN',
  nin: 'NIN',
  ssid: 'SSID',
  ministry: 'Ministry',
  department: 'Department',
  gradeLevel: 'Grade Level',
  salaryGradeId: 'Salary Grade ID',
  salaryStructure: 'Salary Structure',
  dateOfBirth: 'Date of Birth',
  email: 'Email',
  phone: 'Phone',
};

/** Header spellings seen in HR exports, already normalised (see normaliseHeader). */
const ALIASES: Record<CanonicalField, string[]> = {
  fullName: [
    'fullname',
    'name',
    'names',
    'fullnames',
    'employeename',
    'employeefullname',
    'staffname',
    'stafffullname',
    'nameofstaff',
    'nameofemployee',
    'officername',
    'officersname',
    'nameofofficer',
    'staffsname',
    'employeesname',
    'personname',
    'surnameandothernames',
    'surnamefirstname',
    'namesurnamefirst',
  ],
  firstName: ['firstname', 'givenname', 'givennames', 'forename', 'forenames', 'fname', 'christianname'],
  middleName: ['middlename', 'middlenames', 'othername', 'othernames', 'mname', 'middleinitial'],
  lastName: ['surname', 'lastname', 'familyname', 'lname'],
  employeeId: [
    'employeeid',
    'employeeno',
    'employeenumber',
    'employeecode',
    'empid',
    'empno',
    'workid',
    'workno',
    'staffid',
    'staffno',
    'staffnumber',
    'staffcode',
    'staffidno',
    'staffidnumber',
    'ippis',
    'ippisno',
    'ippisnumber',
    'ippisid',
    'personnelno',
    'personnelnumber',
    'personnelid',
    'idno',
    'idnumber',
  ],
  psn: ['psn', 'psnno', 'psnnumber', 'publicservicenumber', 'publicserviceno', 'publicserviceid'],
  nin: [
    'nin',
    'ninno',
    'ninnumber',
    'nationalidentificationnumber',
    'nationalidentificationno',
    'nationalidentitynumber',
    'nationalidnumber',
    'nationalidno',
    'nationalid',
  ],
  ssid: ['ssid', 'ssidno', 'ssidnumber'],
  ministry: [
    'ministry',
    'ministryname',
    'mda',
    'mdas',
    'mdaname',
    'ministryagency',
    'ministryoragency',
    'ministryparastatal',
    'ministrydepartmentagency',
    'ministriesdepartmentsandagencies',
    'ministrydepartmentandagency',
    'agency',
    'parastatal',
    'organisation',
    'organization',
  ],
  department: ['department', 'departmentname', 'dept', 'deptname', 'departmentunit', 'deptunit'],
  gradeLevel: ['gradelevel', 'gl', 'grade', 'level', 'gradelvl', 'glevel', 'gradelevelgl'],
  salaryGradeId: ['salarygradeid', 'salarygrade', 'salarygradecode', 'paygrade', 'paygradeid'],
  salaryStructure: ['salarystructure', 'structure', 'salaryscale', 'paystructure', 'salarystructurename'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday', 'dateborn', 'dobirth'],
  email: [
    'email',
    'emailaddress',
    'emailid',
    'mail',
    'officialemail',
    'officialemailaddress',
    'personalemail',
  ],
  phone: [
    'phone',
    'phoneno',
    'phonenumber',
    'phonenumbers',
    'mobile',
    'mobileno',
    'mobilenumber',
    'mobilephone',
    'gsm',
    'gsmno',
    'gsmnumber',
    'telephone',
    'telephoneno',
    'telephonenumber',
    'tel',
    'telno',
    'cellphone',
    'contactnumber',
    'contactphone',
    'contactno',
  ],
};

const FIELD_BY_ALIAS = new Map<string, CanonicalField>(
  CANONICAL_FIELDS.flatMap((field) => ALIASES[field].map((alias) => [alias, field] as const)),
);

/**
 * Case, spacing and punctuation do not matter ('Grade_Level', 'GRADE-LEVEL', 'Grade Level.' are
 * one header); accents are dropped and '&' reads 'and'.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

/** The canonical field of a header, or null. A note in brackets is ignored: 'Date of Birth (DD/MM/YYYY)'. */
export function fieldOfHeader(header: string): CanonicalField | null {
  const withoutNotes = header.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  return (
    FIELD_BY_ALIAS.get(normaliseHeader(withoutNotes)) ??
    FIELD_BY_ALIAS.get(normaliseHeader(header)) ??
    FIELD_BY_ALIAS.get(normaliseHeader(withoutNotes.replace(/^\s*(?:staff|employee|officer)'?s?\s+/i, ''))) ??
    null
  );
}

export interface ColumnInfo {
  index: number;
  /** The header as written in the file (whitespace collapsed), or 'Column F' when blank. */
  header: string;
  field: CanonicalField | null;
  /** Key of this column's value in originalUploadData. */
  originalKey: string;
}

export interface HeaderLayout {
  columns: ColumnInfo[];
  /** Columns of each recognised field, in file order; the first non-empty one gives the value. */
  fieldColumns: Partial<Record<CanonicalField, ColumnInfo[]>>;
  /** The recognised fields, once, so rows need not enumerate fieldColumns. */
  fields: CanonicalField[];
  /** Required columns not found, as named in the error message. */
  missing: string[];
  recognised: number;
}

/**
 * Reads a header row. A field found twice (e.g. 'Phone' and 'Mobile') takes the first non-empty
 * value per row; the later columns are still kept in originalUploadData under their own headers.
 */
export function readHeader(cells: Cell[]): HeaderLayout {
  const columns: ColumnInfo[] = [];
  const fieldColumns: HeaderLayout['fieldColumns'] = {};
  const usedKeys = new Set<string>();
  cells.forEach((cell, index) => {
    const written = cellText(cell).replace(/\s+/g, ' ');
    const header = written || `Column ${columnLetters(index)}`;
    const field = written ? fieldOfHeader(written) : null;
    const firstOfField = field !== null && !fieldColumns[field];
    let originalKey = firstOfField ? field : header;
    for (let n = 2; usedKeys.has(originalKey); n++) originalKey = `${header} (${n})`;
    usedKeys.add(originalKey);
    const column: ColumnInfo = { index, header, field, originalKey };
    columns.push(column);
    if (field) (fieldColumns[field] ??= []).push(column);
  });
  const has = (field: CanonicalField) => Boolean(fieldColumns[field]);
  const missing: string[] = [];
  // Without a full-name column the name is composed, which needs a surname and a given name.
  if (!has('fullName') && !(has('lastName') && (has('firstName') || has('middleName')))) {
    const partial = has('firstName') || has('middleName') || has('lastName');
    missing.push(partial ? 'Full Name (or Surname and First Name)' : FIELD_LABELS.fullName);
  }
  if (!has('ministry')) missing.push(FIELD_LABELS.ministry);
  if (!has('department')) missing.push(FIELD_LABELS.department);
  if (!has('psn') && !has('nin')) missing.push('PSN or NIN');
  const fields = Object.keys(fieldColumns) as CanonicalField[];
  return { columns, fieldColumns, fields, missing, recognised: fields.length };
}
