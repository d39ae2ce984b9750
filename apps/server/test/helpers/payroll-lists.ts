/**
 * Master lists with the payroll columns (issue #21), as a state's HR office sends them: the header
 * spellings vary, dates are day-first, amounts carry ₦ and thousands separators.
 */

export interface PayrollRow {
  name: string;
  psn: string;
  nin?: string;
  ministry?: string;
  department?: string;
  /** Day-first (DD/MM/YYYY) or ISO, as written in the file. */
  dob?: string;
  dofa?: string;
  bank?: string;
  account?: string;
  bvn?: string;
  /** As written in the file ('₦250,000.00'). */
  pay?: string;
}

/** The payroll columns' headers: the template's, or another office's spellings. */
export const PAYROLL_HEADERS = {
  template: ['Date of First Appointment', 'Bank', 'Account Number', 'BVN', 'Monthly Gross Pay'],
  other: ['DOFA', 'Bank Name', 'NUBAN', 'BVN', 'Gross Salary (₦)'],
} as const;

let seq = 0;

/** A CSV master list of `rows` with the payroll columns under `headers`. */
export function payrollCsv(
  rows: PayrollRow[],
  headers: readonly string[] = PAYROLL_HEADERS.template,
): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const head = [
    'S/N',
    'Full Name',
    'PSN',
    'NIN',
    'Ministry',
    'Department',
    'Grade Level',
    'Date of Birth',
    ...headers,
  ];
  const lines = rows.map((r, i) =>
    [
      String(i + 1),
      r.name,
      r.psn,
      r.nin ?? '',
      r.ministry ?? 'Ministry of Health',
      r.department ?? 'Nursing Services',
      'GL 08',
      r.dob ?? '',
      r.dofa ?? '',
      r.bank ?? '',
      r.account ?? '',
      r.bvn ?? '',
      r.pay ?? '',
    ]
      .map(quote)
      .join(','),
  );
  return `${head.map(quote).join(',')}\r\n${lines.join('\r\n')}\r\n`;
}

/** A unique PSN for a test row. */
export const psnOf = (label = 'T') =>
  `PSN${label}${Date.now().toString(36).toUpperCase()}${(seq++).toString(36).toUpperCase()}`;

/** Today's date as the calendar reads in Nigeria (Africa/Lagos, UTC+1 all year), as a UTC midnight. */
export function lagosToday(now = Date.now()): Date {
  const d = new Date(now + 3_600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** 'DD/MM/YYYY' of the day `years` years (and `days` days) before `today` (UTC calendar). */
export function yearsBefore(today: Date, years: number, days = 0): string {
  const d = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - days),
  );
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${d.getUTCFullYear()}`;
}
