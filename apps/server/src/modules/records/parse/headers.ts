import type { HeaderMap } from './list-kind.ts';
import { UploadError } from './upload-error.ts';

export type { HeaderMap };

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

/** Header spellings seen in real master lists, after normaliseHeader(). */
export const MASTER_ALIASES: Record<Field, string[]> = {
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
    // Nigerian nominal rolls and personnel records write the surname first, in one column.
    'surnameandothernames',
    'surnameothernames',
    'surnamefirstname',
    'surnameandfirstname',
    'surnamefirstnameothernames',
    'nameinfull',
    'namesinfull',
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

/** Case, spaces, underscores, hyphens, dots, slashes, brackets and a naira sign do not matter. */
export const normaliseHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/[\s_\-./\\()[\]:#*₦]+/g, '')
    .replace(/^\uFEFF/, '');

/** Each kind's spellings by alias, built once per kind. */
const byAliasOf = new WeakMap<object, Map<string, string>>();

function byAlias(aliases: Record<string, readonly string[]>): Map<string, string> {
  let map = byAliasOf.get(aliases);
  if (!map) {
    map = new Map(Object.entries(aliases).flatMap(([f, as]) => as.map((a) => [a, f] as const)));
    byAliasOf.set(aliases, map);
  }
  return map;
}

/**
 * The field a header names: as written, else without its bracketed part, else by that part alone
 * ('Public Service Number (PSN)', 'Date of Birth (DOB)', 'NIN (National Identification Number)').
 */
function fieldOf(header: string, aliases: Map<string, string>): string | undefined {
  const direct = aliases.get(normaliseHeader(header));
  if (direct) return direct;
  const bracketed = /[([]([^)\]]*)[)\]]/.exec(header);
  if (!bracketed) return undefined;
  return (
    aliases.get(normaliseHeader(header.replace(bracketed[0], ' '))) ??
    aliases.get(normaliseHeader(bracketed[1]!))
  );
}

const LABEL: Record<string, string> = {
  fullName: 'Full Name',
  ministry: 'Ministry',
  department: 'Department',
  psnOrNin: 'PSN or NIN',
};

/** The master list's required columns: a name, ministry, department, and a PSN or a NIN. */
export function masterMissingColumns(labelOf: Partial<Record<Field, string>>): string[] {
  const missing: string[] = [];
  const hasName = 'fullName' in labelOf || ('firstName' in labelOf && 'lastName' in labelOf);
  if (!hasName) missing.push(LABEL.fullName!);
  if (!('ministry' in labelOf)) missing.push(LABEL.ministry!);
  if (!('department' in labelOf)) missing.push(LABEL.department!);
  if (!('psn' in labelOf) && !('nin' in labelOf)) missing.push(LABEL.psnOrNin!);
  return missing;
}

/**
 * A header row → which column is which field of the list, or a 422 naming the required columns
 * it lacks (parse-upload.ts then takes the row for a title and looks below it).
 */
export function mapListHeaders<F extends string>(
  kind: {
    aliases: Record<F, readonly string[]>;
    missingColumns(labelOf: Partial<Record<F, string>>): string[];
  },
  row: unknown[],
): HeaderMap<F> {
  const aliases = byAlias(kind.aliases);
  const headers = row.map((c) => String(c ?? '').trim());
  const fields = new Map<number, F>();
  const labelOf: Partial<Record<F, string>> = {};
  headers.forEach((h, i) => {
    const field = fieldOf(h, aliases) as F | undefined;
    if (field && !(field in labelOf)) {
      fields.set(i, field);
      labelOf[field] = h;
    }
  });
  const missing = kind.missingColumns(labelOf);
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

/** The master list's header row (the unit tests' and upload fuzz's entry). */
export const mapHeaders = (row: unknown[]): HeaderMap<Field> =>
  mapListHeaders({ aliases: MASTER_ALIASES, missingColumns: masterMissingColumns }, row);
