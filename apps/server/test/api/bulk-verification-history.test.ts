import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@portal/contract/audit';
import { BULK_VERIFICATION_FOR_EMPLOYEE, CONSENT_VERSION, type RecordHistory } from '@portal/contract/claims';
import type { AuditEntry } from '@portal/contract/validation';
import type { BulkJob } from '@portal/contract/verification';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin, pointTenantAtSimulator } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';

/*
 * Issue #31 item 8: a bulk verification leaves each record's outcome in its history — the move
 * (e.g. Awaiting Revalidation → Pending Grade Validation), whether it was found and agreed, differed
 * (which fields) or was not found, and which job — in GET /records/{id}/audit, in the tenant's
 * audit log, and, as one plain label, in the employee's own history.
 */
let portal: TestPortal;
let sim: SimProcess;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let employeeToken: string;
const ids: Record<string, string> = {};

const DOB = '1980-01-02';

beforeAll(async () => {
  portal = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '1000', VERIFY_CHUNK_SIZE: '2' } });
  sim = await startSimProcess([
    { nin: '83000000001', ssid: 'SSB1', fullName: 'Amina Bello Yusuf', dateOfBirth: DOB },
    { nin: '83000000002', fullName: 'Kunle Adewale Ojo', dateOfBirth: '1979-05-06' },
    { nin: '83000000004', fullName: 'Ngozi Eze Okafor', dateOfBirth: DOB },
    { nin: '83000000005', fullName: 'Sadiq Musa', dateOfBirth: DOB, biometricsEnrolled: false },
  ]);
  t = await createTenantWithAdmin(portal);
  await pointTenantAtSimulator(portal, t.tenant, sim.url);
  const [agrees, differs, absent, uploaded, noBiometrics] = await seedRecords(portal, t.tenant.id, [
    // The employee's record: asked to re-verify after an upload changed its identity.
    {
      fullName: 'Amina Bello Yusuf',
      nin: '83000000001',
      ssid: 'SSB1',
      psn: null,
      dateOfBirth: DOB,
      status: 'AWAITING_REVALIDATION',
    },
    // Name and date of birth differ from the source.
    {
      fullName: 'Tunde Bakare',
      nin: '83000000002',
      psn: 'PSNB2',
      dateOfBirth: DOB,
      status: 'AWAITING_REVALIDATION',
    },
    { fullName: 'Nobody Known', nin: '83000000003', psn: 'PSNB3', dateOfBirth: DOB, status: 'UPLOADED' },
    { fullName: 'Ngozi Eze Okafor', nin: '83000000004', psn: 'PSNB4', dateOfBirth: DOB, status: 'UPLOADED' },
    { fullName: 'Sadiq Musa', nin: '83000000005', psn: 'PSNB5', dateOfBirth: DOB, status: 'UPLOADED' },
  ]);
  Object.assign(ids, { agrees, differs, absent, uploaded, noBiometrics });
  const started = await portal.api.post('/api/v1/verification/initiate', {
    body: { nin: '83000000001', ssid: 'SSB1', consentVersion: CONSENT_VERSION },
    csrf: false,
    headers: { 'x-tenant': t.tenant.subdomain },
  });
  expect(started.statusCode, started.body).toBe(200);
  const created = await portal.api.post('/api/v1/auth/create-account', {
    body: {
      email: `bulk.history.${Date.now()}@example.gov.ng`,
      password: 'Employee-Pass1',
      recordId: (started.json() as { recordId: string }).recordId,
    },
    csrf: false,
    headers: { 'x-tenant': t.tenant.subdomain },
  });
  expect(created.statusCode, created.body).toBe(200);
  employeeToken = (created.json() as { token: string }).token;
});
afterAll(async () => {
  await sim?.stop();
  await portal?.close();
});

const historyOf = async (id: string) => {
  const res = await portal.api.get(`/api/v1/records/${id}/audit`, { token: t.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: AuditEntry[] }).items;
};

describe('a bulk verification in each record’s history', () => {
  let job: BulkJob;

  beforeAll(async () => {
    const start = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
    expect(start.statusCode, start.body).toBe(202);
    job = await waitFor(async () => {
      const [j] = (await portal.api.get('/api/v1/bulk-jobs', { token: t.token })).json() as BulkJob[];
      return j && ['COMPLETED', 'FAILED'].includes(j.status) ? j : undefined;
    }, 60_000);
    expect(job).toMatchObject({ status: 'COMPLETED', totalRecords: 5, failedRecords: 0 });
  });

  it('writes the move and the outcome of every record, with the job, in GET /records/{id}/audit', async () => {
    const note = `Bulk verification ${job.id}`;
    // One entry per record and run (the claimed record also has its claim's entries).
    const only = async (id: string) => {
      const items = (await historyOf(id)).filter((e) => e.note?.startsWith('Bulk verification'));
      expect(items).toHaveLength(1);
      return items[0]!;
    };
    expect(await only(ids.agrees!)).toMatchObject({
      action: 'RECORD_VERIFIED',
      actorEmail: null,
      before: { status: 'AWAITING_REVALIDATION' },
      after: { status: 'PENDING_GRADE_VALIDATION' },
      note,
    });
    expect(await only(ids.differs!)).toMatchObject({
      action: 'RECORD_VERIFIED_MISMATCH',
      before: { status: 'AWAITING_REVALIDATION' },
      after: { status: 'MISMATCHED', mismatchedFields: ['fullName', 'dateOfBirth'] },
      note,
    });
    expect(await only(ids.absent!)).toMatchObject({
      action: 'RECORD_NOT_FOUND_IN_SOURCE',
      before: { status: 'UPLOADED' },
      after: { status: 'NOT_FOUND' },
      note,
    });
    // Found without biometrics is not found (DESIGN §5).
    expect(await only(ids.noBiometrics!)).toMatchObject({
      action: 'RECORD_NOT_FOUND_IN_SOURCE',
      after: { status: 'NOT_FOUND' },
    });
    const agreed = await only(ids.uploaded!);
    expect(agreed).toMatchObject({
      action: 'RECORD_VERIFIED',
      after: { status: 'PENDING_GRADE_VALIDATION' },
    });
    expect(agreed.after).not.toHaveProperty('mismatchedFields');
  });

  it('shows in the tenant’s audit log with its label, by the portal, filtered by action', async () => {
    const res = await portal.api.get('/api/v1/audit-events?record=PSNB2', { token: t.token });
    expect(res.statusCode, res.body).toBe(200);
    const events = (res.json() as AuditPage).items.filter((e) => e.action.startsWith('RECORD_VERIFIED'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      label: 'Verified against the identity source: mismatch',
      psn: 'PSNB2',
      actorEmail: null,
      note: `Bulk verification ${job.id}`,
      summary: 'The portal: verified against the identity source: mismatch on record PSNB2.',
    });
    const notFound = await portal.api.get('/api/v1/audit-events?action=RECORD_NOT_FOUND_IN_SOURCE', {
      token: t.token,
    });
    expect((notFound.json() as AuditPage).items.map((e) => e.psn).sort()).toEqual(['PSNB3', 'PSNB5']);
  });

  it('shows the employee the move with one plain label, nothing of the fields or the job', async () => {
    const res = await portal.api.get('/api/v1/users/me/record/history', { token: employeeToken });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RecordHistory).items).toEqual([
      {
        at: expect.any(String),
        from: 'AWAITING_REVALIDATION',
        to: 'PENDING_GRADE_VALIDATION',
        reasonCode: null,
        reasonLabel: BULK_VERIFICATION_FOR_EMPLOYEE,
      },
    ]);
    expect(res.body).not.toContain(job.id);
  });
});
