import { UploadError } from './upload-error.ts';

export type Field =
  | 'fullName'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'employeeId'
  | 'psn'
  | 'nin'
  | 'ssid'
  | 'ministry'
  | 'department'
  | 'gradeLevel'
  | 'salaryGradeId'
  | 'salaryStructure'
  | 'dateOfBirth'
  | 'email'
  | 'phone'
  | 'dateOfFirstAppointment'
  | 'bank'
  | 'accountNumber'
  | 'bvn'
  | 'monthlyGrossPay';

/** Header spellings seen in real master lists, after normalise(). */
const ALIASES: Record<Field, string[]> = {
  fullName: [
    'fullname',
    'name',
    'names',
    'employeename',
    'staffname',
    'nameofstaff',
    'nameofemployee',
    'officername',
    'fullnames',
    'nameofofficer',
    'employeefullname',
    'stafffullname',
  ],
  firstName: ['firstname', 'givenname', 'forename'],
  middleName: ['middlename', 'othername', 'othernames'],
  lastName: ['lastname', 'surname', 'familyname'],
  employeeId: [
    'employeeid',
    'workid',
    'staffid',
    'staffno',
    'staffnumber',
    'employeeno',
    'employeenumber',
    'ippisnumber',
    'ippisno',
    'ippis',
    'fileno',
    'filenumber',
    'staffidno',
    'staffidnumber',
    'employeeidno',
    'employeeidnumber',
    'workidno',
    'workidnumber',
    'pfno',
    'pfnumber',
    'personalfileno',
    'personalfilenumber',
  ],
  psn: ['psn', 'publicservicenumber', 'publicserviceno', 'psnno', 'psnnumber'],
  nin: [
    'nin',
    'nationalidentificationnumber',
    'nationalidentitynumber',
    'nationalidentificationno',
    'ninno',
    'ninnumber',
    'nationalidnumber',
    'nationalid',
    'nimcno',
    'nimcnumber',
  ],
  ssid: ['ssid', 'ssidno', 'ssidnumber', 'stateserviceid', 'stateserviceidentificationnumber'],
  ministry: [
    'ministry',
    'ministries',
    'mda',
    'mdas',
    'ministryagency',
    'ministrydepartmentagency',
    'ministrydepartmentoragency',
    'mdaname',
    'ministryname',
    'organisation',
    'organization',
  ],
  department: ['department', 'departments', 'dept', 'departmentname', 'departmentunit', 'unit'],
  gradeLevel: ['gradelevel', 'gl', 'grade', 'level', 'gradelevelgl', 'salarygradelevel'],
  salaryGradeId: ['salarygradeid', 'salarygrade', 'gradeid', 'step', 'gradestep'],
  salaryStructure: ['salarystructure', 'structure', 'salaryscale', 'scale'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'dateofbirthddmmyyyy', 'dobddmmyyyy', 'birthday'],
  email: ['email', 'emailaddress', 'mail', 'emailid'],
  phone: [
    'phone',
    'phonenumber',
    'phoneno',
    'mobile',
    'mobilenumber',
    'mobileno',
    'mobilephone',
    'mobilephonenumber',
    'telephone',
    'telephoneno',
    'telephonenumber',
    'gsm',
    'gsmno',
    'gsmnumber',
    'tel',
  ],
  // The payroll columns (issue #21).
  dateOfFirstAppointment: [
    'dateoffirstappointment',
    'dofa',
    'dateofappointment',
    'firstappointmentdate',
    'dateemployed',
    'dateofemployment',
    'dateoffirstappt',
    'dateofassumption',
    'dateofassumptionofduty',
    'appointmentdate',
    'employmentdate',
    'dateof1stappointment',
    'firstappointment',
    'dateofentry',
    'dateofentryintoservice',
    'dateengaged',
  ],
  bank: ['bank', 'bankname', 'nameofbank', 'salarybank'],
  accountNumber: [
    'accountnumber',
    'accountno',
    'nuban',
    'nubanno',
    'nubannumber',
    'bankaccount',
    'bankaccountnumber',
    'bankaccountno',
    'acctno',
    'acctnumber',
    'accno',
    'salaryaccount',
    'salaryaccountnumber',
    'salaryaccountno',
    'bankacctno',
    'bankacctnumber',
    'accountnum',
    'acctnum',
    'acno',
    'acnumber',
    'salaryacctno',
  ],
  bvn: ['bvn', 'bvnno', 'bvnnumber', 'bankverificationnumber'],
  monthlyGrossPay: [
    'monthlygrosspay',
    'grosspay',
    'monthlygross',
    'grosssalary',
    'monthlysalary',
    'monthlygrosssalary',
    'grossmonthlypay',
    'grossmonthlysalary',
    'grossemolument',
    'grossemoluments',
    'monthlygrossemolument',
    'gross',
    'monthlypay',
    'grosspaymonthly',
    'grosssalarymonthly',
    'totalgrosspay',
    'totalmonthlygross',
  ],
};

const BY_ALIAS = new Map<string, Field>(
  Object.entries(ALIASES).flatMap(([f, as]) => as.map((a) => [a, f as Field])),
);

/** Case, spaces, underscores, hyphens, dots, slashes, brackets and a naira sign do not matter. */
export const normaliseHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/[\s_\-./\\()[\]:#*₦]+/g, '')
    .replace(/^\uFEFF/, '');

/**
 * The field a header names: as written, else without its bracketed part, else by that part alone
 * ('Public Service Number (PSN)', 'Date of Birth (DOB)', 'NIN (National Identification Number)').
 */
function fieldOf(header: string): Field | undefined {
  const direct = BY_ALIAS.get(normaliseHeader(header));
  if (direct) return direct;
  const bracketed = /[([]([^)\]]*)[)\]]/.exec(header);
  if (!bracketed) return undefined;
  return (
    BY_ALIAS.get(normaliseHeader(header.replace(bracketed[0], ' '))) ??
    BY_ALIAS.get(normaliseHeader(bracketed[1]!))
  );
}

export interface HeaderMap {
  /** Column index → canonical field. */
  fields: Map<number, Field>;
  /** Column index → header as written, for every column (unknown ones are kept in originalUploadData). */
  headers: string[];
  /** Canonical field → header as written (for error messages). */
  labelOf: Partial<Record<Field, string>>;
}

const LABEL: Record<string, string> = {
  fullName: 'Full Name',
  ministry: 'Ministry',
  department: 'Department',
  psnOrNin: 'PSN or NIN',
};

export function mapHeaders(row: unknown[]): HeaderMap {
  const headers = row.map((c) => String(c ?? '').trim());
  const fields = new Map<number, Field>();
  const labelOf: Partial<Record<Field, string>> = {};
  headers.forEach((h, i) => {
    const field = fieldOf(h);
    if (field && !(field in labelOf)) {
      fields.set(i, field);
      labelOf[field] = h;
    }
  });
  const missing: string[] = [];
  const hasName = 'fullName' in labelOf || ('firstName' in labelOf && 'lastName' in labelOf);
  if (!hasName) missing.push(LABEL.fullName!);
  if (!('ministry' in labelOf)) missing.push(LABEL.ministry!);
  if (!('department' in labelOf)) missing.push(LABEL.department!);
  if (!('psn' in labelOf) && !('nin' in labelOf)) missing.push(LABEL.psnOrNin!);
  if (missing.length) {
    throw new UploadError(
      422,
      `Missing required columns: ${missing.join(', ')}. The first row of the file must hold the column headers.`,
      {
        errorCount: missing.length,
        errors: missing.map((column) => ({ row: 1, column, reason: 'Required column is missing' })),
      },
    );
  }
  return { fields, headers, labelOf };
}
