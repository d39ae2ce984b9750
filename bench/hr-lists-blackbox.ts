// Black-box check of the rules the other HR lists reveal (issue #35, acceptance): a master list with
// payroll columns, a separations list, nominal rolls for some ministries and a salary table, all
// written here with header spellings of their own and boundary cases, and every flag they should
// raise computed here from the issue's words, independently of the portal's SQL. Everything goes
// through the portal's HTTP API as a tenant admin would: the master list is verified against the
// OPTIMA simulator (its own process, a generated population), the clean matches approved and two
// payroll exports approved, then the three lists uploaded. Every rule's PSNs, ₦ at stake a month
// and ₦ recoverable must be exact to the kobo, and not-on-payroll.csv must name the roll's extras.
// `--xlsx` uploads every file as a workbook that LibreOffice wrote from the same rows.
// Run: npx tsx bench/hr-lists-blackbox.ts [--xlsx] [seed]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_MINISTRIES } from '@portal/identity-sim/demo-org';
import { GeneratedPopulation } from '@portal/identity-sim/generated-population';
import { MAX_BULK_APPROVE } from '@portal/contract/validation';
import { validNuban } from './lib/nuban-check.ts';
import { csrfHeaders, login, startPortal } from './lib/portal-process.ts';
import { pointDemoTenantAt, startSimulator } from './lib/simulator.ts';

const XLSX = process.argv.includes('--xlsx');
const SEED = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20261129) >>> 0;
const COUNT = 1200;
let state = SEED;
/** mulberry32: a small seeded generator, so a run can be repeated. */
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** Dates as calendar days (UTC midnight), today as in Lagos. */
type Day = Date;
const day = (iso: string): Day => new Date(`${iso}T00:00:00Z`);
const lagos = new Date(Date.now() + 3600_000);
const TODAY = day(lagos.toISOString().slice(0, 10));
const addDays = (d: Day, n: number) => new Date(d.getTime() + n * 86_400_000);
function addYears(d: Day, n: number): Day {
  const y = d.getUTCFullYear() + n;
  const m = d.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last)));
}
const iso = (d: Day) => d.toISOString().slice(0, 10);
const dmy = (d: Day) => `${iso(d).slice(8, 10)}/${iso(d).slice(5, 7)}/${iso(d).slice(0, 4)}`;
/** CSV dates as HR offices write them; ISO for the files LibreOffice converts (its locale reads d/m/y as m/d/y). */
const dateCell = (d: Day) => (XLSX ? iso(d) : dmy(d));
const naira = (kobo: number) => (kobo / 100).toFixed(2);

// The population the simulator serves: the master list is its people, so clean matches validate.
const population = new GeneratedPopulation({ count: COUNT, seed: SEED % 100_000 });
/** The salary structure of each department's cadre (CONMESS doctors, CONHESS other health workers, …). */
const STRUCTURE_OF = new Map(
  DEMO_MINISTRIES.flatMap((m) =>
    m.departments.map((d) => [`${m.name}|${d.name}`, d.salaryStructure] as const),
  ),
);
interface Person {
  i: number;
  psn: string;
  nin: string;
  name: string;
  ministry: string;
  department: string;
  grade: number;
  step: number;
  structure: string;
  dob: Day;
  doa: Day;
  kobo: number | null;
  /** Absent from the source of truth (no biometrics): never validated, so never exported. */
  absent: boolean;
}
const gradeOf = (g: string) => Number(/(\d+)/.exec(g)![1]);
const people: Person[] = Array.from({ length: COUNT }, (_, i) => {
  const p = population.personAt(i);
  const dob = day(p.dateOfBirth);
  let doa = addDays(addYears(dob, 21), int(0, 4000));
  if (doa > addDays(TODAY, -30)) doa = addDays(TODAY, -400);
  // A generated person under 21 would be appointed under 18 by the rule above: keep them plausible.
  if (addYears(dob, 18) > doa) doa = addYears(dob, 18);
  return {
    i,
    psn: p.psn ?? `PSX${String(i).padStart(6, '0')}`,
    nin: p.nin,
    name: p.fullName,
    ministry: p.ministry!,
    department: p.department!,
    grade: gradeOf(p.gradeLevel!),
    step: 1 + (i % 15),
    structure: STRUCTURE_OF.get(`${p.ministry}|${p.department}`) ?? 'CONPSS',
    dob,
    doa,
    kobo: random() > 0.03 ? int(6_000_000, 60_000_000) : null,
    absent: !p.biometricsEnrolled,
  };
});

// The salary table: a maximum for every structure, grade and step, and a minimum for some.
const maxKobo = (structure: string, grade: number, step: number) =>
  (40_000 + grade * 9_000 + step * 1_100 + structure.length * 137) * 100 + (grade % 3) * 37;
// Pay at the boundaries: exactly at the maximum (not flagged), a kobo above (flagged), far above.
const at = (k: number) => people[k]!;
for (let k = 100; k < 110; k++) at(k).kobo = maxKobo(at(k).structure, at(k).grade, at(k).step);
for (let k = 110; k < 125; k++) at(k).kobo = maxKobo(at(k).structure, at(k).grade, at(k).step) + 1;
for (let k = 125; k < 135; k++)
  at(k).kobo = maxKobo(at(k).structure, at(k).grade, at(k).step) + int(1, 5_000_000);
// Everyone else is paid under their maximum.
for (const x of people) {
  if (x.i >= 100 && x.i < 135) continue;
  if (x.kobo !== null) x.kobo = Math.min(x.kobo, maxKobo(x.structure, x.grade, x.step) - int(1, 2_000_000));
}
// A few first appointed in the future (FUTURE_APPOINTMENT, issue #35) and one today (not flagged).
at(140).doa = addDays(TODAY, 1);
at(141).doa = addYears(TODAY, 1);
at(142).doa = TODAY;

/** The salary grade id written three ways: structure-grade-step, 'STRUCT GG/SS', 'GLGG/SSS' (no structure). */
const salaryGradeId = (x: Person) => {
  const g = String(x.grade).padStart(2, '0');
  const s = String(x.step).padStart(2, '0');
  return [`${x.structure}-${g}-${s}`, `${x.structure} ${g}/${s}`, `GL${g}/S${s}`][x.i % 3]!;
};

// Separations: the past (before yesterday), yesterday, today and tomorrow; the deceased; matched
// by NIN only; people without pay; people never exported (absent from the source of truth).
const REASONS = ['Retired', 'Deceased', 'Resigned', 'Dismissed', 'Transferred', 'Other'] as const;
interface Exit {
  person: Person;
  date: Day;
  reason: (typeof REASONS)[number];
  byNinOnly: boolean;
}
const exits: Exit[] = [];
for (let k = 200; k < 260; k++) {
  const date =
    k === 200
      ? TODAY
      : k === 201
        ? addDays(TODAY, 1)
        : k === 202
          ? addDays(TODAY, -1)
          : addDays(TODAY, -int(2, 900));
  exits.push({ person: at(k), date, reason: REASONS[k % REASONS.length]!, byNinOnly: k % 7 === 0 });
}
// Absent people who left: flagged with pay, but nothing recoverable (no export carried them).
for (const x of people.filter((p) => p.absent).slice(0, 4))
  if (!exits.some((e) => e.person === x))
    exits.push({ person: x, date: addDays(TODAY, -30), reason: 'Deceased', byNinOnly: false });

// Nominal rolls for two ministries only: everyone of theirs but some, and people HR knows of
// whom the master list does not (the other direction: counted, not ghosts).
const ministries = [...new Set(people.map((x) => x.ministry))].sort();
const ROLLED = ministries.slice(0, 2);
const missingFromRoll = new Set<Person>();
const rolled = people.filter((x) => ROLLED.includes(x.ministry));
rolled.forEach((x, n) => n % 25 === 3 && missingFromRoll.add(x));
const onRollByNinOnly = new Set(rolled.filter((x, n) => n % 25 === 7));
const extras = ROLLED.flatMap((m, mi) =>
  Array.from({ length: 5 + mi * 3 }, (_, n) => ({
    psn: `PSR${mi}${String(n).padStart(5, '0')}`,
    nin: String(70000000000 + mi * 1000 + n),
    name: `Roll Only ${mi}-${n}`,
    ministry: m,
  })),
);

// What the rules should find, as issue #35 (and #21 for the date rules) states them.
const expected = new Map<string, Set<string>>();
const flag = (rule: string, psn: string) =>
  (expected.get(rule) ?? expected.set(rule, new Set()).get(rule)!).add(psn);
const recoverable = new Map<string, number>();
const excess = new Map<string, number>();
const EXPORTS = 2;
for (const x of people) {
  if (x.dob < day('1920-01-01') || x.dob > TODAY) flag('IMPLAUSIBLE_BIRTH_DATE', x.psn);
  else {
    if (x.dob <= addYears(TODAY, -60)) flag('PAST_RETIREMENT_AGE', x.psn);
    if (x.doa < addYears(x.dob, 18)) flag('UNDERAGE_AT_APPOINTMENT', x.psn);
  }
  if (x.doa <= addYears(TODAY, -35)) flag('PAST_SERVICE_LIMIT', x.psn);
  if (x.doa > TODAY) flag('FUTURE_APPOINTMENT', x.psn);
  if (missingFromRoll.has(x)) flag('NOT_ON_NOMINAL_ROLL', x.psn);
  const max = maxKobo(x.structure, x.grade, x.step);
  if (x.kobo !== null && x.kobo > max) {
    flag('PAY_ABOVE_SCALE', x.psn);
    excess.set(x.psn, x.kobo - max);
  }
}
for (const e of exits) {
  if (e.date >= TODAY || !e.person.kobo) continue;
  flag('PAID_AFTER_EXIT', e.person.psn);
  // Both approved exports ran today, after every past exit day: each carried a validated person.
  recoverable.set(e.person.psn, e.person.absent ? 0 : e.person.kobo * EXPORTS);
}
const pay = new Map(people.map((x) => [x.psn, x.kobo ?? 0]));
/** ₦ at stake a month: the pay, or for PAY_ABOVE_SCALE the excess. */
const stakeOf = (rule: string, psns: Iterable<string>) =>
  [...psns].reduce((s, p) => s + (rule === 'PAY_ABOVE_SCALE' ? excess.get(p)! : pay.get(p)!), 0);

// The files, in spellings of their own.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-lists-blackbox-'));
const quote = (v: unknown) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
/** A CSV file, or (--xlsx) the workbook LibreOffice Calc writes from it. */
function write(name: string, lines: unknown[][]): string {
  const csv = path.join(tmp, `${name}.csv`);
  fs.writeFileSync(csv, lines.map((l) => l.map(quote).join(',')).join('\r\n'));
  if (!XLSX) return csv;
  execFileSync('soffice', ['--headless', '--calc', '--convert-to', 'xlsx', '--outdir', tmp, csv], {
    stdio: 'ignore',
    env: { ...process.env, HOME: tmp },
  });
  return path.join(tmp, `${name}.xlsx`);
}
const masterFile = write('master-list', [
  [
    'S/N',
    'Name of Officer',
    'Public Service Number',
    'National Identification Number',
    'MDA',
    'Dept',
    'GL',
    'Salary Grade',
    'Salary Structure',
    'DOB',
    'DOFA',
    'Bank Name',
    'NUBAN',
    'BVN',
    'Gross Emolument (₦)',
  ],
  ...people.map((x) => [
    x.i + 1,
    x.name,
    x.psn,
    x.nin,
    x.ministry,
    x.department,
    `GL ${String(x.grade).padStart(2, '0')}`,
    salaryGradeId(x),
    x.structure,
    dateCell(x.dob),
    dateCell(x.doa),
    'Access Bank',
    // A valid NUBAN at Access (issue #36): INVALID_ACCOUNT_NUMBER has nothing to find here.
    validNuban('Access Bank', 300000000 + x.i * 13),
    String(24000000000 + x.i * 11),
    x.kobo === null ? '' : naira(x.kobo),
  ]),
]);
const separationsFile = write('separations', [
  ['Staff No', 'NIN', 'Name', 'Date of Exit', 'Mode of Exit', 'Ref No'],
  ...exits.map((e, n) => [
    e.byNinOnly ? '' : e.person.psn,
    e.person.nin,
    e.person.name,
    dateCell(e.date),
    n % 2 ? e.reason.toUpperCase() : e.reason,
    `HR/EXIT/${2026}/${n + 1}`,
  ]),
]);
const rollFile = write('nominal-roll', [
  ['File No', 'NIN', 'Surname and Other Names', 'MDA', 'Department', 'Grade Level'],
  ...rolled
    .filter((x) => !missingFromRoll.has(x))
    .map((x) => [
      onRollByNinOnly.has(x) ? '' : x.psn,
      x.nin,
      x.name,
      x.ministry.toUpperCase(),
      x.department,
      `GL${x.grade}`,
    ]),
  ...extras.map((x) => [x.psn, x.nin, x.name, x.ministry, 'Administration', 'GL 07']),
]);
const structures = [...new Set(people.map((x) => x.structure))];
const salaryFile = write('salary-table', [
  ['Salary Structure', 'GL', 'Step', 'Minimum Monthly Gross', 'Maximum Monthly Gross'],
  ...structures.flatMap((s) =>
    Array.from({ length: 17 * 15 }, (_, n) => {
      const [g, st] = [1 + Math.floor(n / 15), 1 + (n % 15)];
      return [
        s,
        `GL ${String(g).padStart(2, '0')}`,
        st,
        naira(maxKobo(s, g, st) / 2),
        naira(maxKobo(s, g, st)),
      ];
    }),
  ),
]);

const sim = await startSimulator({ count: COUNT, seed: SEED % 100_000 });
const portal = await startPortal({ DEMO_SEED_RECORDS: 'false', IDENTITY_SIM_PORT: '0' });
let exact = true;
try {
  await pointDemoTenantAt(portal.base, sim.url);
  const token = await login(portal.base, 'tenant.admin@demo.local', 'Demo12345!');
  const headers = { authorization: `Bearer ${token}`, ...csrfHeaders };
  const json = { ...headers, 'content-type': 'application/json' };
  const api = async <T>(route: string, init?: RequestInit): Promise<T> => {
    const res = await fetch(`${portal.base}${route}`, { headers, ...init });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${route}: ${res.status} ${text.slice(0, 400)}`);
    return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  };
  const until = async (what: string, done: () => Promise<boolean>) => {
    for (let n = 0; !(await done()); n++) {
      if (n > 1200) throw new Error(`timed out waiting for ${what}`);
      await new Promise((res) => setTimeout(res, 250));
    }
  };
  const send = async (route: string, file: string) => {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), path.basename(file));
    const body = await api<unknown>(route, { method: 'POST', body: form });
    console.log(`${path.basename(file).padEnd(18)} → ${JSON.stringify(body).slice(0, 140)}`);
  };

  await send('/api/v1/records/upload', masterFile);
  const job = await api<{ id: string }>('/api/v1/records/bulk-verify', { method: 'POST' });
  await until('the bulk verification', async () => {
    const jobs = await api<{ id: string; status: string }[]>('/api/v1/bulk-jobs');
    return jobs.find((j) => j.id === job.id)?.status === 'COMPLETED';
  });
  // Approve every clean match, a page at a time, as a reviewer would.
  let approved = 0;
  for (;;) {
    const page = await api<{ items: { id: string; version: number }[] }>(
      `/api/v1/records/queue/pending-approval?page=1&pageSize=${MAX_BULK_APPROVE}`,
    );
    if (page.items.length === 0) break;
    const res = await api<{ approved: string[] }>('/api/v1/records/bulk-approve', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ records: page.items.map(({ id, version }) => ({ id, version })) }),
    });
    if (res.approved.length === 0) throw new Error('bulk approve approved nothing');
    approved += res.approved.length;
  }
  const present = people.filter((x) => !x.absent).length;
  console.log(
    `validated ${approved} of ${COUNT} (expected ${present}: the others are absent from the source of truth)`,
  );
  exact &&= approved === present;
  for (let n = 0; n < EXPORTS; n++) {
    const ex = await api<{ id: string }>('/api/v1/records/export', { method: 'POST' });
    await until('the export', async () => {
      const logs = await api<{ id: string; status: string }[]>('/api/v1/records/export-logs');
      return logs.find((l) => l.id === ex.id)?.status === 'COMPLETED';
    });
  }

  await send('/api/v1/hr-lists/separations/upload', separationsFile);
  await send('/api/v1/hr-lists/nominal-roll/upload', rollFile);
  await send('/api/v1/hr-lists/salary-table/upload', salaryFile);
  await api('/api/v1/integrity/evaluate', { method: 'POST' });
  type Summary = {
    status: string;
    flaggedRecords: number;
    monthlyAmount: number;
    recoverableAmount: number;
    rules: { code: string; flaggedRecords: number; monthlyAmount: number; recoverableAmount?: number }[];
  };
  let summary!: Summary;
  await until('the evaluation', async () => {
    summary = await api<Summary>('/api/v1/integrity/summary');
    return summary.status === 'CURRENT';
  });
  const toKobo = (n: number) => Math.round(n * 100);
  const naming = (kobo: number) => `₦${(kobo / 100).toFixed(2)}`;
  for (const rule of summary.rules) {
    const psns: string[] = [];
    for (let page = 1; ; page++) {
      const list = await api<{ items: { psn: string }[]; total: number }>(
        `/api/v1/integrity/flags?rule=${rule.code}&status=OPEN&page=${page}&pageSize=100`,
      );
      psns.push(...list.items.map((f) => f.psn));
      if (psns.length >= list.total || list.items.length === 0) break;
    }
    const want = [...(expected.get(rule.code) ?? [])].sort();
    const same = JSON.stringify(psns.sort()) === JSON.stringify(want);
    const stake = toKobo(rule.monthlyAmount) === stakeOf(rule.code, want);
    // Only what was paid since an exit is recoverable.
    const wantBack =
      rule.code === 'PAID_AFTER_EXIT' ? want.reduce((s, p) => s + (recoverable.get(p) ?? 0), 0) : 0;
    const back = toKobo(rule.recoverableAmount ?? 0) === wantBack;
    exact &&= same && stake && back && rule.flaggedRecords === want.length;
    console.log(
      `${rule.code.padEnd(24)} ${String(rule.flaggedRecords).padStart(4)} records (expected ${want.length}) ` +
        `${same ? 'same PSNs' : `OTHER PSNs: ${psns.filter((p) => !want.includes(p)).slice(0, 5)} / ${want.filter((p) => !psns.includes(p)).slice(0, 5)}`}, ` +
        `${naming(toKobo(rule.monthlyAmount))} a month ${stake ? 'exact' : `(expected ${naming(stakeOf(rule.code, want))})`}` +
        (wantBack || rule.recoverableAmount
          ? `, ${naming(toKobo(rule.recoverableAmount ?? 0))} recoverable ${back ? 'exact' : `(expected ${naming(wantBack)})`}`
          : ''),
    );
  }
  const totalBack = [...recoverable.values()].reduce((s, k) => s + k, 0);
  const backTotal = toKobo(summary.recoverableAmount) === totalBack;
  exact &&= backTotal;
  console.log(
    `recoverable in all: ${naming(toKobo(summary.recoverableAmount))} ${backTotal ? 'exact' : `(expected ${naming(totalBack)})`}`,
  );
  // The other direction: on a roll, not on the master list.
  const csv = await api<string>('/api/v1/hr-lists/nominal-roll/not-on-payroll.csv');
  const listed = extras.filter((x) => csv.includes(x.psn)).length;
  const lines = csv.trim().split(/\r?\n/).length - 1;
  exact &&= listed === extras.length && lines === extras.length;
  console.log(
    `not-on-payroll.csv: ${lines} people (expected ${extras.length}), ${listed} of the roll's extras named`,
  );
  console.log(exact ? 'every rule exact' : 'MISMATCH');
} finally {
  await portal.stop();
  await sim.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exitCode = exact ? 0 : 1;
