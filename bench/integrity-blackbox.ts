// Black-box check of the payroll integrity rules (issue #21, acceptance): a 2,000-row master list
// written here, with header spellings, amount formats and boundary cases of its own, and the flags
// it should raise computed here from the rules as the issue states them, independently of the
// portal's SQL. The list goes through the portal's HTTP API like a tenant admin's upload (a portal
// process on an empty PGlite); every rule's flagged records (by PSN) and monthly amount must be
// exact to the kobo. `--xlsx` uploads the same rows as a workbook with date and number cells.
// Run: npx tsx bench/integrity-blackbox.ts [--xlsx] [seed]
import ExcelJS from 'exceljs';
import { failsNuban, validNuban } from './lib/nuban-check.ts';
import { csrfHeaders, login, startPortal } from './lib/portal-process.ts';

const XLSX = process.argv.includes('--xlsx');
let seed = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20261124) >>> 0;
/** mulberry32: a small seeded generator, so a run can be repeated. */
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

/** Dates as calendar days (UTC midnight), today as in Lagos. */
type Day = Date;
const day = (y: number, m: number, d: number): Day => new Date(Date.UTC(y, m - 1, d));
const lagos = new Date(Date.now() + 3600_000);
const TODAY = day(lagos.getUTCFullYear(), lagos.getUTCMonth() + 1, lagos.getUTCDate());
const addDays = (d: Day, n: number) => new Date(d.getTime() + n * 86_400_000);
/** The same day `n` years later (29 February becomes 28 February in a common year). */
function addYears(d: Day, n: number): Day {
  const y = d.getUTCFullYear() + n;
  const m = d.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last)));
}
const dmy = (d: Day) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Damilola',
  'Efosa',
  'Funmilayo',
  'Garba',
  'Halima',
  'Ifeoma',
];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ibrahim', 'Nwosu', 'Ogunbanjo', 'Usman', 'Balogun'];
const POSTINGS: Record<string, string[]> = {
  'Ministry of Health': ['Public Health', 'Hospital Services'],
  'Ministry of Works': ['Roads', 'Housing'],
  'Ministry of Finance': ['Treasury', 'Revenue'],
};
const BANKS = ['Access Bank', 'Zenith Bank', 'Fidelity Bank', 'Sterling Bank', 'Wema Bank', 'Polaris Bank'];

interface Row {
  name: string;
  psn: string;
  nin: string;
  ministry: string;
  department: string;
  grade: number;
  dob: Day;
  doa: Day;
  bank: string;
  account: string;
  bvn: string;
  kobo: number | null;
}

const rows: Row[] = Array.from({ length: 2000 }, (_, i) => {
  const dob = addDays(day(1968, 1, 1), int(0, 365 * 33));
  let doa = addDays(addYears(dob, 22), int(0, 3000));
  if (doa > addDays(TODAY, -30)) doa = addDays(TODAY, -400);
  const ministry = pick(Object.keys(POSTINGS));
  const bank = pick(BANKS);
  return {
    name: `${pick(FIRST)} ${pick(LAST)}`,
    psn: `PSX${500000 + i}`,
    nin: String(60000000000 + i * 37),
    ministry,
    department: pick(POSTINGS[ministry]!),
    grade: int(4, 16),
    dob,
    doa,
    bank,
    // A valid NUBAN at its bank (issue #36): INVALID_ACCOUNT_NUMBER flags only the rows below.
    account: validNuban(bank, 300000000 + i * 13),
    bvn: String(24000000000 + i * 11),
    kobo: random() > 0.03 ? int(6_000_000, 90_000_000) : null,
  };
});
const r = (i: number) => rows[i]!;
// The boundaries: exactly 60 today (flagged) and a day short; older staff.
r(10).dob = addYears(TODAY, -60);
r(11).dob = addDays(addYears(TODAY, -60), 1);
for (let k = 12; k < 27; k++) {
  r(k).dob = addDays(day(1955, 1, 1), k * 97);
  r(k).doa = addYears(r(k).dob, 25);
}
// Exactly 35 years of service today (flagged) and a day short.
Object.assign(r(30), { doa: addYears(TODAY, -35), dob: day(1970, 3, 3) });
Object.assign(r(31), { doa: addDays(addYears(TODAY, -35), 1), dob: day(1970, 3, 3) });
// First appointed today (not flagged), tomorrow and next year (flagged: issue #35).
Object.assign(r(35), { doa: TODAY });
Object.assign(r(36), { doa: addDays(TODAY, 1) });
Object.assign(r(37), { doa: addYears(TODAY, 1) });
// 18 on the day of appointment (not flagged), a day before the 18th birthday (flagged), 16.
Object.assign(r(40), { dob: day(1990, 5, 10), doa: day(2008, 5, 10) });
Object.assign(r(41), { dob: day(1990, 5, 10), doa: day(2008, 5, 9) });
for (let k = 42; k < 46; k++) Object.assign(r(k), { dob: day(1992, 1, 15), doa: day(2008, 1, 15 + k - 42) });
// Implausible birth dates: 1900, 1919-12-31 (flagged), 1920-01-01 (not), a future one.
Object.assign(r(50), { dob: day(1900, 1, 1), doa: day(2010, 1, 1) });
Object.assign(r(51), { dob: day(1919, 12, 31), doa: day(2010, 1, 1) });
Object.assign(r(52), { dob: day(1920, 1, 1), doa: day(1990, 1, 1) });
Object.assign(r(53), { dob: addYears(TODAY, 1), doa: day(2010, 1, 1) });
// One account at one bank written two or three ways; one number at two different banks (not shared).
for (const [a, b, x, y] of [
  [60, 61, 'GTBank', 'Guaranty Trust Bank Plc'],
  [62, 63, 'UBA', 'United Bank for Africa Plc'],
  [64, 65, 'FIRST BANK', 'First Bank of Nigeria Ltd'],
] as const) {
  Object.assign(r(a), { bank: x, account: validNuban(x, r(a).account.slice(0, 9)) });
  Object.assign(r(b), { bank: y, account: r(a).account });
}
Object.assign(r(66), { bank: 'Zenith Bank', account: validNuban('Zenith Bank', r(66).account.slice(0, 9)) });
Object.assign(r(67), { bank: 'Zenith Bank Plc', account: r(66).account });
Object.assign(r(68), { bank: 'ZENITH BANK', account: r(66).account });
Object.assign(r(69), { bank: 'Access Bank', account: validNuban('Access Bank', r(69).account.slice(0, 9)) });
// Access's number at Wema: another account, and (its check digit being Access's) one that cannot exist.
Object.assign(r(70), { bank: 'Wema Bank', account: r(69).account });
// Account numbers with a check digit off by one or two (issue #36).
for (const k of [100, 101, 102])
  r(k).account = `${r(k).account.slice(0, 9)}${(Number(r(k).account[9]) + 1 + (k % 2)) % 10}`;
// A BVN on two and on three records; a NIN on two and on three (other PSNs), one without pay.
r(81).bvn = r(80).bvn;
r(83).bvn = r(84).bvn = r(82).bvn;
r(91).nin = r(90).nin;
r(93).nin = r(94).nin = r(92).nin;
r(94).kobo = null;

// What the rules should find, as issue #21 states them.
const BANK_OF: Record<string, string> = {
  gtbank: 'gtb',
  guarantytrustbankplc: 'gtb',
  uba: 'uba',
  unitedbankforafricaplc: 'uba',
  firstbank: 'fbn',
  firstbankofnigerialtd: 'fbn',
  zenithbank: 'zenith',
  zenithbankplc: 'zenith',
};
const bankKey = (b: string) => {
  const k = b.toLowerCase().replace(/[^a-z0-9]/g, '');
  return BANK_OF[k] ?? k;
};
const expected = new Map<string, Set<string>>();
const flag = (rule: string, psn: string) =>
  (expected.get(rule) ?? expected.set(rule, new Set()).get(rule)!).add(psn);
for (const x of rows) {
  if (x.dob < day(1920, 1, 1) || x.dob > TODAY) flag('IMPLAUSIBLE_BIRTH_DATE', x.psn);
  else {
    if (x.dob <= addYears(TODAY, -60)) flag('PAST_RETIREMENT_AGE', x.psn);
    if (x.doa < addYears(x.dob, 18)) flag('UNDERAGE_AT_APPOINTMENT', x.psn);
  }
  if (x.doa <= addYears(TODAY, -35)) flag('PAST_SERVICE_LIMIT', x.psn);
  if (x.doa > TODAY) flag('FUTURE_APPOINTMENT', x.psn);
  if (failsNuban(x.bank, x.account)) flag('INVALID_ACCOUNT_NUMBER', x.psn);
}
for (const [rule, key] of [
  ['SHARED_BANK_ACCOUNT', (x: Row) => `${bankKey(x.bank)}|${x.account}`],
  ['DUPLICATE_BVN', (x: Row) => x.bvn],
  ['DUPLICATE_NIN', (x: Row) => x.nin],
] as const) {
  const groups = new Map<string, string[]>();
  for (const x of rows) groups.set(key(x), [...(groups.get(key(x)) ?? []), x.psn]);
  for (const members of groups.values()) if (members.length > 1) members.forEach((p) => flag(rule, p));
}
const pay = new Map(rows.map((x) => [x.psn, x.kobo ?? 0]));
const koboOf = (psns: Iterable<string>) => [...psns].reduce((s, p) => s + pay.get(p)!, 0);

// The file, in spellings of its own.
const HEADER = [
  'S/N',
  'Name of Officer',
  'IPPIS No',
  'Public Service Number',
  'National Identification Number',
  'SSID No',
  'MDA',
  'Dept',
  'GL',
  'Step',
  'Scale',
  'DOB',
  'Email Address',
  'GSM No',
  'DOFA',
  'Bank Name',
  'NUBAN',
  'BVN',
  'Gross Emolument (₦)',
];
const naira = (kobo: number, i: number) => {
  const n = (kobo / 100).toFixed(2);
  const grouped = Number(n).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return [`₦${grouped}`, n, `${grouped} NGN`, `N${grouped}`][i % 4]!;
};
const cells = (x: Row, i: number) => [
  i + 1,
  x.name,
  `IP${700000 + i}`,
  x.psn,
  x.nin,
  `SX${30000000 + i}`,
  x.ministry,
  x.department,
  `GL ${String(x.grade).padStart(2, '0')}`,
  `CONPSS-${x.grade}-${1 + (i % 15)}`,
  'CONPSS',
];

async function file(): Promise<{ name: string; body: Blob }> {
  if (XLSX) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Nominal Roll');
    sheet.addRow(HEADER);
    rows.forEach((x, i) =>
      sheet.addRow([
        ...cells(x, i),
        x.dob,
        `officer${i}@example.gov.ng`,
        `080${30000000 + i}`,
        x.doa,
        x.bank,
        x.account,
        x.bvn,
        x.kobo === null ? null : x.kobo / 100,
      ]),
    );
    const buffer = await book.xlsx.writeBuffer();
    return { name: 'nominal-roll.xlsx', body: new Blob([buffer]) };
  }
  const quote = (v: unknown) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const lines = [
    HEADER,
    ...rows.map((x, i) => [
      ...cells(x, i),
      dmy(x.dob),
      `officer${i}@example.gov.ng`,
      `080${30000000 + i}`,
      dmy(x.doa),
      x.bank,
      x.account,
      x.bvn,
      x.kobo === null ? '' : naira(x.kobo, i),
    ]),
  ];
  return {
    name: 'nominal-roll.csv',
    body: new Blob([lines.map((l) => l.map(quote).join(',')).join('\r\n')]),
  };
}

const portal = await startPortal({ DEMO_SEED_RECORDS: 'false', IDENTITY_SIM_PORT: '0' });
let exact = true;
try {
  const token = await login(portal.base, 'tenant.admin@demo.local', 'Demo12345!');
  const headers = { authorization: `Bearer ${token}`, ...csrfHeaders };
  const { name, body } = await file();
  const form = new FormData();
  form.append('file', body, name);
  const up = await fetch(`${portal.base}/api/v1/records/upload`, { method: 'POST', headers, body: form });
  console.log(`upload of ${name}: ${up.status} ${(await up.text()).slice(0, 120)}`);
  await fetch(`${portal.base}/api/v1/integrity/evaluate`, { method: 'POST', headers });
  let summary: {
    status: string;
    flaggedRecords: number;
    monthlyAmount: number;
    rules: { code: string; flaggedRecords: number; monthlyAmount: number }[];
  };
  for (;;) {
    summary = await (await fetch(`${portal.base}/api/v1/integrity/summary`, { headers })).json();
    if (summary.status === 'CURRENT') break;
    await new Promise((res) => setTimeout(res, 500));
  }
  const toKobo = (n: number) => Math.round(n * 100);
  for (const rule of summary.rules) {
    const psns: string[] = [];
    for (let page = 1; ; page++) {
      const res = await fetch(
        `${portal.base}/api/v1/integrity/flags?rule=${rule.code}&status=OPEN&page=${page}&pageSize=100`,
        { headers },
      );
      const list = (await res.json()) as { items: { psn: string }[]; total: number };
      psns.push(...list.items.map((f) => f.psn));
      if (psns.length >= list.total || list.items.length === 0) break;
    }
    const want = [...(expected.get(rule.code) ?? [])].sort();
    const same = JSON.stringify(psns.sort()) === JSON.stringify(want);
    const amount = toKobo(rule.monthlyAmount) === koboOf(want);
    exact &&= same && amount && rule.flaggedRecords === want.length;
    console.log(
      `${rule.code.padEnd(24)} ${String(rule.flaggedRecords).padStart(3)} records (expected ${want.length}) ` +
        `${same ? 'same PSNs' : 'OTHER PSNs'}, ₦${rule.monthlyAmount} a month ${amount ? 'exact' : `(expected ₦${koboOf(want) / 100})`}`,
    );
  }
  const all = new Set([...expected.values()].flatMap((s) => [...s]));
  const total = summary.flaggedRecords === all.size && toKobo(summary.monthlyAmount) === koboOf(all);
  exact &&= total;
  console.log(
    `all rules: ${summary.flaggedRecords} records (expected ${all.size}), ₦${summary.monthlyAmount} a month ${total ? 'exact' : `(expected ₦${koboOf(all) / 100})`}`,
  );
  console.log(exact ? 'every rule exact' : 'MISMATCH');
} finally {
  await portal.stop();
}
process.exitCode = exact ? 0 : 1;
