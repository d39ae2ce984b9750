import { fullNameOf, randomName, type DemoName } from '../apps/identity-sim/src/demo-names.ts';
import { formatGradeLevel, randomPosting } from '../apps/identity-sim/src/demo-org.ts';
import { mulberry32, pick, randomInt, type Random } from '../apps/identity-sim/src/prng.ts';

/** One employee of the sample master list, with the parts the SoT sample is derived from. */
export interface MasterRow {
  serial: number;
  name: DemoName;
  employeeId: string;
  /** Empty for the ~5% of staff whose PSN the HR office has not captured yet. */
  psn: string;
  nin: string;
  ssid: string;
  ministry: string;
  department: string;
  gradeLevel: number;
  salaryGradeId: string;
  salaryStructure: string;
  dateOfBirth: { year: number; month: number; day: number };
  email: string;
  phone: string;
  // The payroll columns (issue #21; payroll-rows.ts fills them).
  dateOfFirstAppointment?: { year: number; month: number; day: number } | null;
  bank?: string;
  accountNumber?: string;
  bvn?: string;
  /** Integer kobo; null when the pay office's extract lacks it. */
  monthlyGrossKobo?: number | null;
}

/** Column headers as an HR office writes them (the portal's upload maps them). */
// prettier-ignore
export const MASTER_LIST_HEADERS = [
  'S/N', 'Full Name', 'Employee ID', 'PSN', 'NIN', 'SSID', 'Ministry', 'Department', 'Grade Level',
  'Salary Grade ID', 'Salary Structure', 'Date of Birth', 'Email', 'Phone',
  'Date of First Appointment', 'Bank', 'Account Number', 'BVN', 'Monthly Gross Pay',
] as const;

/** Common Nigerian mobile prefixes (MTN, Glo, Airtel, 9mobile). */
// prettier-ignore
const PHONE_PREFIXES = ['0803', '0806', '0813', '0816', '0703', '0706', '0805', '0807', '0815', '0802',
  '0808', '0812', '0701', '0902', '0809', '0817', '0818', '0909', '0903', '0705'] as const;

/** Draws values until one is new, so identifiers are unique the way a real register's are. */
function uniqueDraw(seen: Set<string>, draw: () => string): string {
  for (;;) {
    const value = draw();
    if (!seen.has(value)) {
      seen.add(value);
      return value;
    }
  }
}

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(Math.floor(random() * 10));
  return out;
}

export function formatDmy(date: MasterRow['dateOfBirth']): string {
  return `${String(date.day).padStart(2, '0')}/${String(date.month).padStart(2, '0')}/${date.year}`;
}

export function formatIso(date: MasterRow['dateOfBirth']): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export function buildMasterRows(count: number, seed: number): MasterRow[] {
  const random = mulberry32(seed);
  const seen = { nin: new Set<string>(), ssid: new Set<string>(), psn: new Set<string>() };
  const seenIds = new Set<string>();
  const seenPhones = new Set<string>();
  const rows: MasterRow[] = [];
  for (let serial = 1; serial <= count; serial += 1) {
    const name = randomName(random);
    const posting = randomPosting(random);
    const year = randomInt(random, 1966, 2004); // serving staff are 21–59 (retirement at 60)
    const month = randomInt(random, 1, 12);
    const day = randomInt(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
    const hasPsn = random() >= 0.05;
    const structure = posting.department.salaryStructure;
    const level = String(posting.gradeLevel).padStart(2, '0');
    const local = `${name.firstName}.${name.lastName}`.toLowerCase();
    rows.push({
      serial,
      name,
      employeeId: uniqueDraw(seenIds, () => `DM/${posting.ministry.code}/${digits(random, 5)}`),
      psn: hasPsn ? uniqueDraw(seen.psn, () => `PSN${digits(random, 6)}`) : '',
      nin: uniqueDraw(seen.nin, () => `${randomInt(random, 1, 9)}${digits(random, 10)}`),
      ssid: uniqueDraw(seen.ssid, () => `SS${digits(random, 8)}`),
      ministry: posting.ministry.name,
      department: posting.department.name,
      gradeLevel: posting.gradeLevel,
      salaryGradeId: `${structure}-${level}-${String(posting.step).padStart(2, '0')}`,
      salaryStructure: structure,
      dateOfBirth: { year, month, day },
      // The serial number keeps addresses unique among namesakes.
      email: `${local}${serial}@example.gov.ng`,
      phone: uniqueDraw(seenPhones, () => `${pick(random, PHONE_PREFIXES)}${digits(random, 7)}`),
    });
  }
  return rows;
}

/** Naira as a pay office writes it: '185,400.50'. */
export function formatNairaCells(kobo: number): string {
  const naira = Math.floor(kobo / 100).toLocaleString('en-US');
  return `${naira}.${String(kobo % 100).padStart(2, '0')}`;
}

/** The row as the 19 cells of MASTER_LIST_HEADERS, dates as DD/MM/YYYY. */
export function masterRowCells(row: MasterRow): string[] {
  return [
    String(row.serial),
    fullNameOf(row.name),
    row.employeeId,
    row.psn,
    row.nin,
    row.ssid,
    row.ministry,
    row.department,
    formatGradeLevel(row.gradeLevel),
    row.salaryGradeId,
    row.salaryStructure,
    formatDmy(row.dateOfBirth),
    row.email,
    row.phone,
    row.dateOfFirstAppointment ? formatDmy(row.dateOfFirstAppointment) : '',
    row.bank ?? '',
    row.accountNumber ?? '',
    row.bvn ?? '',
    row.monthlyGrossKobo == null ? '' : formatNairaCells(row.monthlyGrossKobo),
  ];
}
