import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, type ApprovalsPage } from '@portal/contract/decisions';
import type { UploadSummary } from '@portal/contract/records';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { setSecondApprover } from '../helpers/four-eyes.ts';

/*
 * Issue #30, items 7, 8 and 4: an upload never changes a value the file did not state (a column
 * it lacks, a blank cell); a row without a PSN is the record its NIN belongs to; with the second
 * approver on, a re-upload takes no one out of the payroll until a different tenant admin approves.
 */

let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let admin2: string;

type Person = {
  name: string;
  psn: string;
  nin: string;
  ssid: string;
  grade: string;
  dob: string;
  bank: string;
  account: string;
  gross: string;
  email: string;
};
const people: Person[] = Array.from({ length: 5 }, (_, i) => ({
  name: `Worker ${'ABCDE'[i]} Okafor`,
  psn: `PSN30${i}`,
  nin: `9427457703${i}`,
  ssid: `SS30${i}`,
  grade: 'GL 08',
  dob: '15/03/1985',
  bank: 'First Bank',
  account: `301234567${i}`,
  gross: '250000',
  email: `worker${i}@example.gov.ng`,
}));

const COLUMNS = {
  'Full Name': (p: Person) => p.name,
  PSN: (p: Person) => p.psn,
  NIN: (p: Person) => p.nin,
  SSID: (p: Person) => p.ssid,
  Ministry: () => 'Ministry of Health',
  Department: () => 'Nursing Services',
  'Grade Level': (p: Person) => p.grade,
  'Date of Birth': (p: Person) => p.dob,
  Email: (p: Person) => p.email,
  Bank: (p: Person) => p.bank,
  'Account Number': (p: Person) => p.account,
  'Monthly Gross Pay': (p: Person) => p.gross,
} as const;
type Column = keyof typeof COLUMNS;

/** A CSV of `rows` with every column but `without`; `blank` cells left empty. */
function csv(rows: Person[], o: { without?: Column[]; blank?: Column[] } = {}) {
  const cols = (Object.keys(COLUMNS) as Column[]).filter((c) => !o.without?.includes(c));
  const lines = rows.map((p) => cols.map((c) => (o.blank?.includes(c) ? '' : COLUMNS[c](p))).join(','));
  return `${cols.join(',')}\r\n${lines.join('\r\n')}\r\n`;
}

async function upload(content: string, token = t.token) {
  const res = await uploadFile(portal, token, 'master.csv', content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UploadSummary;
}

type Row = {
  id: string;
  psn: string | null;
  nin: string | null;
  ssid: string | null;
  date_of_birth: string | null;
  grade_level: string | null;
  bank: string | null;
  account_number: string | null;
  monthly_gross_kobo: string | number | null;
  email: string | null;
  full_name: string;
  status: string;
  status_before_approval: string | null;
  original_upload_data: Record<string, string>;
};
const records = async () =>
  (
    await portal.db.orm.execute<Row>(sql`
      select id, psn, nin, ssid, date_of_birth::text, grade_level, bank, account_number, monthly_gross_kobo, email,
        full_name, status, status_before_approval, original_upload_data
      from records where tenant_id = ${t.tenant.id} order by psn nulls last, nin`)
  ).rows;
const byPsn = async (psn: string) => (await records()).find((r) => r.psn === psn)!;
const history = async (id: string) =>
  (
    (await portal.api.get(`/api/v1/records/${id}/audit`, { token: t.token })).json() as {
      items: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    }
  ).items;
const setStatus = (status: string, psns: string[]) =>
  portal.db.orm.execute(sql`
    update records set status = ${status} where tenant_id = ${t.tenant.id}
      and psn in (${sql.join(
        psns.map((p) => sql`${p}`),
        sql`, `,
      )})`);
async function setFourEyes(on: boolean) {
  expect(await setSecondApprover(portal, on, t.token, admin2)).toBe(200);
}
const approvals = async (token: string) =>
  (await portal.api.get('/api/v1/approvals', { token })).json() as ApprovalsPage;
const act = (token: string, id: string, verb: 'approve' | 'decline' | 'withdraw', body: unknown = {}) =>
  portal.api.post(`/api/v1/approvals/${id}/${verb}`, { token, body });

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const second = buildUserInput(t.tenant.id, { role: 'TENANT_ADMIN' });
  const made = await portal.api.post('/api/v1/auth/register', { token: global, body: second });
  expect(made.statusCode, made.body).toBe(201);
  admin2 = await portal.login(second.email, second.password);
  expect(await upload(csv(people))).toMatchObject({ newRecordsCreated: 5 });
  // As after a bulk verification and approvals: every one is in the payroll.
  await setStatus(
    'VALIDATED',
    people.map((p) => p.psn),
  );
}, 240_000);
afterAll(async () => {
  await portal?.close();
});

describe('a column the file lacks, or a blank cell, erases nothing (item 7)', () => {
  it('five employees without the NIN column: nothing updated, no one re-verified, every NIN kept', async () => {
    const before = await records();
    const summary = await upload(csv(people, { without: ['NIN'] }));
    expect(summary).toMatchObject({
      newRecordsCreated: 0,
      existingRecordsUpdated: 0,
      recordsRequiringReverificationIds: [],
    });
    expect(summary.columnsNotInFile).toContain('NIN');
    expect(summary.columnsNotInFile).not.toContain('PSN');
    const after = await records();
    expect(after).toEqual(before);
    for (const r of after) {
      expect(r.status).toBe('VALIDATED');
      expect((await history(r.id)).some((h) => 'nin' in (h.after ?? {}))).toBe(false);
    }
  });

  it('a row without Grade Level, Monthly Gross Pay, Bank and Account Number keeps those four and its status; the last upload values too', async () => {
    const p = { ...people[0]!, email: 'worker0.new@example.gov.ng' };
    const summary = await upload(
      csv([p], { without: ['Grade Level', 'Monthly Gross Pay', 'Bank', 'Account Number'] }),
    );
    expect(summary).toMatchObject({ existingRecordsUpdated: 1, recordsRequiringReverificationIds: [] });
    expect(summary.columnsNotInFile).toEqual(
      expect.arrayContaining(['Grade Level', 'Monthly Gross Pay', 'Bank', 'Account Number']),
    );
    const r = await byPsn(p.psn);
    expect(r).toMatchObject({
      grade_level: 'GL 08',
      bank: 'First Bank',
      account_number: p.account,
      email: 'worker0.new@example.gov.ng',
      status: 'VALIDATED',
    });
    expect(Number(r.monthly_gross_kobo)).toBe(25_000_000);
    expect(r.original_upload_data).toMatchObject({
      gradeLevel: 'GL 08',
      bank: 'First Bank',
      accountNumber: p.account,
      monthlyGrossPay: '250000',
      email: 'worker0.new@example.gov.ng',
    });
    // The file that has the columns again, with the same values, changes nothing.
    expect(await upload(csv([p]))).toMatchObject({ existingRecordsUpdated: 0 });
  });

  it('blank cells never erase an identity or payroll field, and the summary says what it left', async () => {
    const p = people[1]!;
    const summary = await upload(
      csv([p], {
        blank: ['NIN', 'SSID', 'Date of Birth', 'Bank', 'Account Number', 'Monthly Gross Pay', 'Email'],
      }),
    );
    expect(summary).toMatchObject({ existingRecordsUpdated: 0, recordsRequiringReverificationIds: [] });
    expect(summary.columnsNotInFile).not.toContain('NIN');
    expect(summary.blankCellsKept).toEqual(
      expect.arrayContaining([
        { column: 'NIN', records: 1 },
        { column: 'Date of Birth', records: 1 },
        { column: 'Bank', records: 1 },
        { column: 'Email', records: 1 },
      ]),
    );
    expect(await byPsn(p.psn)).toMatchObject({
      nin: p.nin,
      ssid: p.ssid,
      date_of_birth: '1985-03-15',
      bank: p.bank,
      account_number: p.account,
      email: p.email,
      status: 'VALIDATED',
    });
  });
});

describe('a row without a PSN is the record its NIN belongs to (item 8)', () => {
  it('updates that record instead of creating a second one', async () => {
    const p = { ...people[2]!, email: 'worker2.moved@example.gov.ng' };
    const count = (await records()).length;
    const summary = await upload(csv([p], { without: ['PSN'] }));
    expect(summary).toMatchObject({ newRecordsCreated: 0, existingRecordsUpdated: 1 });
    expect((await records()).length).toBe(count);
    expect(await byPsn(p.psn)).toMatchObject({
      nin: p.nin,
      email: 'worker2.moved@example.gov.ng',
      status: 'VALIDATED',
    });
  });

  it('a NIN that belongs to two records, or a row that is another row of the file by its NIN, is a row error and nothing is imported', async () => {
    const p = people[3]!;
    const both = await uploadFile(
      portal,
      t.token,
      'twice.csv',
      csv([p, { ...p, psn: '', email: 'other@example.gov.ng' }]),
    );
    expect(both.statusCode, both.body).toBe(422);
    expect(both.json().details.errors).toEqual([expect.objectContaining({ row: 3, column: 'NIN' })]);
    // A second record with the same NIN (as the old bug made): which one is meant is not guessed.
    await portal.db.orm.execute(sql`
      insert into records (tenant_id, natural_key, full_name, nin, ministry_id, department_id, original_upload_data)
      select tenant_id, ${p.nin}, full_name, nin, ministry_id, department_id, '{}'::jsonb from records
      where tenant_id = ${t.tenant.id} and psn = ${p.psn}`);
    const count = (await records()).length;
    const res = await uploadFile(portal, t.token, 'nopsn.csv', csv([p], { without: ['PSN'] }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.errors).toEqual([
      { row: 2, column: 'PSN', reason: 'The NIN belongs to 2 records: give the PSN to say which one' },
    ]);
    expect((await records()).length).toBe(count);
    await portal.db.orm.execute(
      sql`delete from records where tenant_id = ${t.tenant.id} and natural_key = ${p.nin}`,
    );
  });
});

describe('with the second approver on, a re-upload takes no one out of the payroll by itself (item 4)', () => {
  it('a renamed VALIDATED person stays in the payroll until a different admin approves the re-verification', async () => {
    await setFourEyes(true);
    const p = people[3]!;
    const summary = await upload(csv([{ ...p, name: 'Worker D Okafor-Bello' }]));
    const r = await byPsn(p.psn);
    expect(r).toMatchObject({
      full_name: 'Worker D Okafor-Bello',
      status: 'PENDING_SECOND_APPROVAL',
      status_before_approval: 'VALIDATED',
    });
    expect(summary).toMatchObject({
      existingRecordsUpdated: 1,
      recordsRequiringReverificationIds: [],
      reverificationAwaitingApproval: 1,
    });
    const [held] = await history(r.id);
    expect(held).toMatchObject({
      action: 'APPROVAL_REQUESTED',
      before: { fullName: 'Worker D Okafor', status: 'VALIDATED' },
      after: { fullName: 'Worker D Okafor-Bello', status: 'PENDING_SECOND_APPROVAL' },
    });
    const list = await approvals(admin2);
    expect(list.awaitingMe).toBeGreaterThanOrEqual(1);
    const approval = list.items.find((i) => i.recordId === r.id)!;
    expect(approval).toMatchObject({ kind: 'REVALIDATION', status: 'PENDING' });
    expect(held!.after.approvalId).toBe(approval.id);
    // The uploader neither approves nor withdraws it.
    expect((await act(t.token, approval.id, 'approve')).statusCode).toBe(403);
    const withdrawn = await act(t.token, approval.id, 'withdraw');
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().message).toBe(APPROVAL_MESSAGES.revalidationNotWithdrawn);
    expect((await act(admin2, approval.id, 'approve')).statusCode).toBe(200);
    expect(await byPsn(p.psn)).toMatchObject({
      status: 'AWAITING_REVALIDATION',
      status_before_approval: null,
    });
  });

  it('a VALIDATED person whose grade an upload moves stays in the payroll until the review is approved', async () => {
    const p = people[1]!;
    const summary = await upload(csv([{ ...p, grade: 'GL 09' }]));
    const r = await byPsn(p.psn);
    expect(r).toMatchObject({
      grade_level: 'GL 09',
      status: 'PENDING_SECOND_APPROVAL',
      status_before_approval: 'VALIDATED',
    });
    expect(summary).toMatchObject({ existingRecordsUpdated: 1, reverificationAwaitingApproval: 1 });
    const approval = (await approvals(admin2)).items.find((i) => i.recordId === r.id)!;
    expect(approval).toMatchObject({ kind: 'REVALIDATION', status: 'PENDING' });
    expect((await act(admin2, approval.id, 'approve')).statusCode).toBe(200);
    // No stored answer of the source of truth: nothing disagrees, the new grade awaits a reviewer.
    expect(await byPsn(p.psn)).toMatchObject({
      status: 'PENDING_GRADE_VALIDATION',
      status_before_approval: null,
    });
  });

  it('declined, the record returns to VALIDATED; with the setting off the upload moves it at once', async () => {
    const p = people[4]!;
    await upload(csv([{ ...p, dob: '16/03/1985' }]));
    const r = await byPsn(p.psn);
    expect(r).toMatchObject({ status: 'PENDING_SECOND_APPROVAL', status_before_approval: 'VALIDATED' });
    const approval = (await approvals(admin2)).items.find((i) => i.recordId === r.id)!;
    expect(
      (await act(admin2, approval.id, 'decline', { note: 'Birth date corrected by HR' })).statusCode,
    ).toBe(200);
    expect(await byPsn(p.psn)).toMatchObject({ status: 'VALIDATED', date_of_birth: '1985-03-16' });

    await setFourEyes(false);
    const summary = await upload(csv([{ ...p, dob: '17/03/1985' }]));
    expect(summary).toMatchObject({
      recordsRequiringReverificationIds: [r.id],
      reverificationAwaitingApproval: 0,
    });
    expect(await byPsn(p.psn)).toMatchObject({ status: 'AWAITING_REVALIDATION' });
  });
});
