import type { IntegrityRule } from '@portal/contract/integrity';
import { nubanCheckDigit } from '@portal/contract/nuban';
import { bankKeyOf, cbnBankOf } from '../apps/server/src/modules/integrity/bank-key.ts';
import { mulberry32, pick, randomInt, type Random } from '../apps/identity-sim/src/prng.ts';
import type { MasterRow } from './master-list-rows.ts';
import { outcomeOf } from './sot-population-rows.ts';

/**
 * The payroll columns of the sample master list (issue #21) and a few anomalies of each kind the
 * integrity rules find, so that the Integrity tab of a fresh demo is populated. Drawn from a PRNG
 * of their own: the columns the sample had before (and so the demo provider's population and the
 * verification figures of examples/README.md) do not move. The anomalies use fixed dates (a birth
 * year of 1958 is past 60 whenever the demo runs), and stay off the demo employee's row.
 */

const PAYROLL_SEED = 20_251_121;
/** The demo employee's row (bootstrap.ts DEMO_EMPLOYEE_RECORD): never an anomaly. */
const DEMO_EMPLOYEE_SERIAL = 1397;

/** Banks civil servants are paid through, as HR offices write their names. */
// prettier-ignore
const BANKS = ['Access Bank', 'First Bank of Nigeria', 'Guaranty Trust Bank', 'United Bank for Africa',
  'Zenith Bank', 'Fidelity Bank', 'Union Bank', 'Ecobank Nigeria', 'Stanbic IBTC Bank', 'Sterling Bank',
  'Wema Bank', 'First City Monument Bank', 'Polaris Bank', 'Keystone Bank'] as const;

/** Monthly gross pay at step 1 of each grade level (₦), CONPSS-like; a step adds 2.5%. */
// prettier-ignore
const GRADE_PAY = [0, 72_500, 78_900, 86_300, 95_100, 105_400, 128_700, 158_200, 196_400, 236_800,
  274_500, 318_900, 372_600, 431_200, 502_800, 588_300, 694_700, 842_100];

export interface Anomaly {
  serial: number;
  rule: IntegrityRule;
  what: string;
}

type Day = { year: number; month: number; day: number };

const digits = (random: Random, n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

function uniqueDraw(seen: Set<string>, draw: () => string): string {
  for (;;) {
    const value = draw();
    if (!seen.has(value)) {
      seen.add(value);
      return value;
    }
  }
}

/**
 * A valid NUBAN at `bank` (its CBN code, the integrity rules' table) from ten drawn digits: the last
 * becomes the check digit, so the PRNG's stream, and every column drawn after, stays as it was.
 */
function nubanAt(bank: string, drawn: string): string {
  const code = cbnBankOf(bankKeyOf(bank)!)?.codes[0];
  if (!code) throw new Error(`no CBN code for ${bank}`);
  return `${drawn.slice(0, 9)}${nubanCheckDigit(code, drawn.slice(0, 9))}`;
}

/** The step of a salary grade id ('CONPSS-08-03' → 3). */
const stepOf = (row: MasterRow) => Number(row.salaryGradeId.split('-').at(-1)) || 1;

/** Pay in kobo for the row's grade and step, with the kobo an HR system's rounding leaves. */
function payOf(row: MasterRow, random: Random): number {
  const base = GRADE_PAY[row.gradeLevel] ?? GRADE_PAY[8]!;
  const naira = base * (1 + 0.025 * (stepOf(row) - 1));
  return Math.round(naira * 100) + randomInt(random, 0, 99);
}

/** First appointed at 21 to 30, not before 1996 and not after 2023 (service under 35 years). */
function firstAppointmentOf(row: MasterRow, random: Random): Day {
  const year = Math.min(2023, Math.max(1996, row.dateOfBirth.year + randomInt(random, 21, 30)));
  return { year, month: randomInt(random, 1, 12), day: randomInt(random, 1, 28) };
}

/**
 * Adds the payroll columns to every row, then writes the anomalies into some of them; answers the
 * anomalies (the generator prints them). Mutates `rows`.
 */
export function addPayrollColumns(rows: MasterRow[]): Anomaly[] {
  const random = mulberry32(PAYROLL_SEED);
  const accounts = new Set<string>();
  const bvns = new Set<string>();
  for (const row of rows) {
    row.dateOfFirstAppointment = firstAppointmentOf(row, random);
    row.bank = pick(random, BANKS);
    const bank = row.bank;
    row.accountNumber = uniqueDraw(accounts, () =>
      nubanAt(bank, `${randomInt(random, 0, 3)}${digits(random, 9)}`),
    );
    row.bvn = uniqueDraw(bvns, () => `22${digits(random, 9)}`);
    // About 2% of the payroll lines lack the pay (the pay office's extract missed them).
    row.monthlyGrossKobo = random() < 0.02 ? null : payOf(row, random);
  }

  const used = new Set<number>();
  /** The next row (by a stride through the file) that fits `ok`, spread over the ministries. */
  let cursor = 0;
  const take = (ok: (row: MasterRow, index: number) => boolean, after = -1): MasterRow => {
    for (let tries = 0; tries < rows.length; tries++) {
      cursor = (cursor + 97) % rows.length;
      const index = cursor;
      const row = rows[index]!;
      if (index <= after || used.has(index) || row.serial === DEMO_EMPLOYEE_SERIAL || !row.psn) continue;
      if (!ok(row, index)) continue;
      used.add(index);
      return row;
    }
    throw new Error('no row fits the anomaly');
  };
  const identical = (_: MasterRow, index: number) => outcomeOf(index) === 'identical';
  const anomalies: Anomaly[] = [];
  const note = (row: MasterRow, rule: IntegrityRule, what: string) =>
    anomalies.push({ serial: row.serial, rule, what });

  // Kept on past retirement: born 1954–1964, so 60 or older whenever the demo runs.
  for (let i = 0; i < 12; i++) {
    const row = take(identical);
    row.dateOfBirth = {
      year: 1954 + (i % 11),
      month: randomInt(random, 1, 12),
      day: randomInt(random, 1, 28),
    };
    row.dateOfFirstAppointment = { year: row.dateOfBirth.year + 24, month: 3, day: 1 };
    note(row, 'PAST_RETIREMENT_AGE', `born ${row.dateOfBirth.year}`);
  }
  // 35 years of service or more: appointed 1984–1990, still under 60.
  for (let i = 0; i < 8; i++) {
    const row = take(
      (r, index) => identical(r, index) && r.dateOfBirth.year >= 1967 && r.dateOfBirth.year <= 1969,
    );
    row.dateOfFirstAppointment = { year: 1984 + (i % 7), month: 9, day: 1 };
    note(row, 'PAST_SERVICE_LIMIT', `first appointed ${row.dateOfFirstAppointment.year}`);
  }
  // Appointed as minors: 15 or 16 on the day of the first appointment.
  for (let i = 0; i < 6; i++) {
    const row = take(
      (r, index) => identical(r, index) && r.dateOfBirth.year >= 1985 && r.dateOfBirth.year <= 2000,
    );
    const { year, month, day } = row.dateOfBirth;
    row.dateOfFirstAppointment = { year: year + 15 + (i % 2), month, day: Math.min(day, 28) };
    const age = 15 + (i % 2) - (day > 28 ? 1 : 0);
    note(row, 'UNDERAGE_AT_APPOINTMENT', `appointed at ${age}`);
  }
  // Placeholder birth dates (a Ghana audit found 819 staff 'over 100' born 1 Jan 1930 by default).
  for (const date of [
    { year: 1900, month: 1, day: 1 },
    { year: 1900, month: 1, day: 1 },
    { year: 1910, month: 1, day: 1 },
    { year: 1901, month: 1, day: 1 },
  ]) {
    const row = take(identical);
    row.dateOfBirth = date;
    note(row, 'IMPLAUSIBLE_BIRTH_DATE', `born ${date.day}/${date.month}/${date.year}`);
  }
  // Several salaries into one account: two pairs, a group of three, and a pair whose bank is
  // written two ways (one bank all the same).
  const groups: [number, string[]][] = [
    [2, []],
    [2, []],
    [3, []],
    [2, ['GTBank', 'Guaranty Trust Bank Plc']],
  ];
  for (const [size, spellings] of groups) {
    const first = take(identical);
    if (spellings.length) {
      first.bank = spellings[0]!;
      first.accountNumber = nubanAt(first.bank, first.accountNumber);
    }
    for (let k = 1; k < size; k++) {
      const row = take(() => true);
      row.bank = spellings[k] ?? first.bank;
      row.accountNumber = first.accountNumber;
      note(row, 'SHARED_BANK_ACCOUNT', `account of S/N ${first.serial}`);
    }
    note(first, 'SHARED_BANK_ACCOUNT', `${size} records on account ${first.accountNumber}`);
  }
  // One BVN behind several salaries: three pairs and a group of three.
  for (const size of [2, 2, 2, 3]) {
    const first = take(identical);
    for (let k = 1; k < size; k++) {
      const row = take(() => true);
      row.bvn = first.bvn;
      note(row, 'DUPLICATE_BVN', `BVN of S/N ${first.serial}`);
    }
    note(first, 'DUPLICATE_BVN', `${size} records on one BVN`);
  }
  // The same NIN on a second row with another PSN, later in the file: a row the provider does
  // not know under its own SSID either, so the demo's verification figures stay as they were.
  for (let i = 0; i < 3; i++) {
    const first = take(identical);
    const copy = take((_, index) => outcomeOf(index) === 'absent', rows.indexOf(first));
    copy.nin = first.nin;
    note(first, 'DUPLICATE_NIN', `NIN also on S/N ${copy.serial}`);
    note(copy, 'DUPLICATE_NIN', `NIN of S/N ${first.serial}`);
  }
  // Account numbers that cannot exist at their bank (issue #36): a check digit off by one, as a
  // mistyped or made-up number is; four, so that the rule shows without flooding the demo.
  for (let i = 0; i < 4; i++) {
    const row = take(identical);
    const n = row.accountNumber;
    row.accountNumber = `${n.slice(0, 9)}${(Number(n[9]) + 1 + i) % 10}`;
    note(row, 'INVALID_ACCOUNT_NUMBER', `check digit ${row.accountNumber[9]}, ${row.bank} gives ${n[9]}`);
  }
  return anomalies.sort((a, b) => a.serial - b.serial);
}
