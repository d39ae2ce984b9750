import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditPage } from '@portal/contract/audit';
import type { FlagsPage } from '@portal/contract/integrity';
import type { MasterRecord, RecordsPage } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';
import { currentSummary } from '../helpers/integrity.ts';

/**
 * Issue #31 item 3: a list (records list and search, both queues, the not-found list, the
 * integrity flags) hands out no NIN, SSID, BVN or account number in full, only its last 4
 * characters; one record's view (GET /records/:id) gives them in full and is audited; an edit that
 * sends a mask back is refused and writes nothing.
 */
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const ROWS: PayrollRow[] = [
  ['PSNM1', '70000000001', '0123456789', '22200000001'],
  ['PSNM2', '70000000002', '0123456789', '22200000002'],
  ['PSNM3', '70000000003', '0987654321', '22200000003'],
  ['PSNM4', '70000000004', '0555555555', '22200000004'],
].map(([psn, nin, account, bvn]) => ({
  name: `Officer ${psn}`,
  psn: psn!,
  nin,
  dob: '15/03/1985',
  dofa: '01/02/2010',
  bank: 'Zenith Bank',
  account,
  bvn,
  pay: '150,000',
}));
const SSID = (psn: string) => `SSID-${psn}-98765`;
/** Every full identity or bank number of the list. */
const FULL = ROWS.flatMap((r) => [r.nin!, r.account!, r.bvn!, SSID(r.psn)]);

/** The full numbers a JSON answer carries. */
const leaked = (body: string) => FULL.filter((v) => body.includes(v));

const idOf = async (psn: string) =>
  ((await portal.api.get(`/api/v1/records?q=${psn}`, { token: t.token })).json() as RecordsPage).items[0]!.id;

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  const up = await uploadFile(portal, t.token, 'payroll.csv', payrollCsv(ROWS));
  expect(up.statusCode, up.body).toBe(200);
  await currentSummary(portal, t.token);
  await portal.db.orm.execute(sql`
    update records set ssid = 'SSID-' || psn || '-98765',
      status = case psn when 'PSNM1' then 'PENDING_GRADE_VALIDATION' when 'PSNM2' then 'MISMATCHED'
        when 'PSNM3' then 'NOT_FOUND' else status end,
      sot_data = case psn when 'PSNM2' then jsonb_build_object('nin', nin, 'fullName', full_name,
        'firstName', 'X', 'lastName', 'Y', 'dateOfBirth', '1985-03-15', 'biometricsEnrolled', true) else sot_data end
    where tenant_id = ${t.tenant.id}`);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe('lists mask identity and bank numbers (issue #31 item 3)', () => {
  const lists: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    ['records list', () => portal.api.get('/api/v1/records?pageSize=100', { token: t.token })],
    [
      'records search',
      () => portal.api.post('/api/v1/records/search', { token: t.token, body: { pageSize: 100 } }),
    ],
    ['pending queue', () => portal.api.get('/api/v1/records/queue/pending-approval', { token: t.token })],
    ['mismatched queue', () => portal.api.get('/api/v1/records/queue/mismatched', { token: t.token })],
    ['not-found list', () => portal.api.get('/api/v1/records/flagged/not-in-sot', { token: t.token })],
    ['integrity flags', () => portal.api.get('/api/v1/integrity/flags?pageSize=100', { token: t.token })],
  ];
  it.each(lists)('the %s carries no full NIN, SSID, BVN or account number', async (_name, call) => {
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
    const items = (JSON.parse(res.body) as { items: unknown[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(leaked(res.body)).toEqual([]);
  });

  it('masks to the last 4 characters, and keeps the pay', async () => {
    const page = (await portal.api.get('/api/v1/records?q=PSNM1', { token: t.token })).json() as RecordsPage;
    expect(page.items[0]).toMatchObject({
      nin: '••••0001',
      ssid: '••••8765',
      accountNumber: '••••6789',
      bvn: '••••0001',
      monthlyGrossPay: 150000,
    });
    const queue = (
      await portal.api.get('/api/v1/records/queue/pending-approval', { token: t.token })
    ).json() as QueuePage;
    expect(queue.items[0]).toMatchObject({ psn: 'PSNM1', nin: '••••0001', bvn: '••••0001' });
    const flags = (
      await portal.api.get('/api/v1/integrity/flags?rule=SHARED_BANK_ACCOUNT', { token: t.token })
    ).json() as FlagsPage;
    expect(flags.items.length).toBe(2);
    expect(flags.items[0]!.evidence).toMatchObject({
      kind: 'GROUP',
      value: '••••6789',
      accountNumber: '••••6789',
    });
  });

  it("one record's view gives the full values and writes RECORD_VIEWED", async () => {
    const id = await idOf('PSNM1');
    const views = async () =>
      (
        (
          await portal.api.get(`/api/v1/audit-events?action=RECORD_VIEWED&record=PSNM1`, { token: t.token })
        ).json() as AuditPage
      ).items;
    const before = (await views()).length;
    const res = await portal.api.get(`/api/v1/records/${id}`, { token: t.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      nin: '70000000001',
      ssid: SSID('PSNM1'),
      accountNumber: '0123456789',
      bvn: '22200000001',
    } satisfies Partial<MasterRecord>);
    const after = await views();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ recordId: id, note: 'Record opened' });
  });

  it('an edit that sends a masked number back is refused (400) and writes nothing', async () => {
    const id = await idOf('PSNM1');
    const full = (await portal.api.get(`/api/v1/records/${id}`, { token: t.token })).json() as MasterRecord;
    for (const body of [{ accountNumber: '••••6789' }, { bvn: '••••0001' }]) {
      const res = await portal.api.put(`/api/v1/records/${id}`, {
        token: t.token,
        body: { fullName: full.fullName, department: full.department, ...body },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const now = (await portal.api.get(`/api/v1/records/${id}`, { token: t.token })).json() as MasterRecord;
    expect(now).toMatchObject({ accountNumber: '0123456789', bvn: '22200000001', version: full.version });
  });
});
