import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BulkJob } from '@portal/contract/verification';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin, pointTenantAtSimulator } from '../helpers/tenants.ts';
import { startSimProcess, type SimProcess } from '../helpers/simulator-process.ts';
import { csvOf, uploadFile, type SampleRow } from '../helpers/uploads.ts';

/**
 * The boundary: an upload changes a field only where the file's value differs from the value the
 * previous upload of that record carried (DESIGN §6, issue #17). A reviewer's decision, a resolved
 * mismatch or a re-verification stands when the same file, or one changed elsewhere, comes again.
 */
let portal: TestPortal;
let sim: SimProcess;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let agent: string;

// By letter: A's grade differs at the provider (resolved: GL 09 accepted), B approved, C rejected,
// D's grade differs (edited: department and grade), E approved then renamed by a later upload and
// re-verified by an agent, F untouched (the row that changes).
const people = {
  A: { name: 'Amaka Obi', grade: 'GL 08', sotGrade: 'GL 09' },
  B: { name: 'Bello Musa', grade: 'GL 08', sotGrade: 'GL 08' },
  C: { name: 'Chidi Eze', grade: 'GL 08', sotGrade: 'GL 08' },
  D: { name: 'Dupe Ade', grade: 'GL 08', sotGrade: 'GL 10' },
  E: { name: 'Emeka Nwosu', grade: 'GL 08', sotGrade: 'GL 08' },
  F: { name: 'Funke Bello', grade: 'GL 08', sotGrade: 'GL 08' },
} as const;
type Key = keyof typeof people;
const keys = Object.keys(people) as Key[];
const nin = (k: Key) => `5100000000${keys.indexOf(k)}`;
const ssid = (k: Key) => `DM000000${keys.indexOf(k)}`;
const psn = (k: Key) => `PSNRU${keys.indexOf(k)}`;

function fileOf(change: Partial<Record<Key, Partial<SampleRow>>> = {}) {
  return csvOf(
    keys.map((k) => ({
      name: people[k].name,
      psn: psn(k),
      nin: nin(k),
      ssid: ssid(k),
      grade: people[k].grade,
      dob: '02/01/1980',
      department: k === 'F' ? 'Accounts' : 'Nursing Services',
      ...change[k],
    })),
  );
}

const ids: Partial<Record<Key, string>> = {};
const snapshot = async () =>
  (
    await portal.db.orm.execute<Record<string, unknown>>(sql`
      select r.psn, r.full_name, r.grade_level, r.salary_grade_id, r.date_of_birth::text as dob, r.status,
        r.version, m.name as ministry, d.name as department
      from records r join ministries m on m.id = r.ministry_id join departments d on d.id = r.department_id
      where r.tenant_id = ${t.tenant.id} order by r.psn`)
  ).rows;
const upload = async (csv: string) => {
  const res = await uploadFile(portal, t.token, 'master.csv', csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { newRecordsCreated: number; existingRecordsUpdated: number };
};
const post = async (url: string, body?: unknown, token = t.token) => {
  const res = await portal.api.post(url, { token, body });
  expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  return res;
};

beforeAll(async () => {
  portal = await createTestPortal({ env: { VERIFY_CHUNK_SIZE: '100' } });
  sim = await startSimProcess(
    keys.map((k) => ({
      nin: nin(k),
      ssid: ssid(k),
      fullName: people[k].name,
      dateOfBirth: '1980-01-02',
      gradeLevel: people[k].sotGrade,
    })),
  );
  t = await createTenantWithAdmin(portal);
  await pointTenantAtSimulator(portal, t.tenant, sim.url);
  const agentEmail = `reupload.agent.${Date.now()}@example.gov.ng`;
  await post('/api/v1/tenant-admin/users', {
    fullName: 'Field Agent',
    email: agentEmail,
    password: 'Agent-Passw0rd1',
    role: 'AGENT',
  });
  agent = await portal.login(agentEmail, 'Agent-Passw0rd1');

  expect(await upload(fileOf())).toMatchObject({ newRecordsCreated: 6 });
  await post('/api/v1/records/bulk-verify');
  await waitFor(async () => {
    const [job] = (await portal.api.get('/api/v1/bulk-jobs', { token: t.token })).json() as BulkJob[];
    return job?.status === 'COMPLETED' ? job : undefined;
  }, 60_000);
  const rows = await portal.db.orm.execute<{ id: string; psn: string; status: string }>(
    sql`select id, psn, status from records where tenant_id = ${t.tenant.id}`,
  );
  for (const k of keys) ids[k] = rows.rows.find((r) => r.psn === psn(k))!.id;
  expect(Object.fromEntries(rows.rows.map((r) => [r.psn, r.status]))).toEqual({
    [psn('A')]: 'MISMATCHED',
    [psn('B')]: 'PENDING_GRADE_VALIDATION',
    [psn('C')]: 'PENDING_GRADE_VALIDATION',
    [psn('D')]: 'MISMATCHED',
    [psn('E')]: 'PENDING_GRADE_VALIDATION',
    [psn('F')]: 'PENDING_GRADE_VALIDATION',
  });
}, 120_000);
afterAll(async () => {
  await sim?.stop();
  await portal?.close();
});

describe('a re-upload after decisions', () => {
  it('changes nothing after approve, reject, resolve, edit and re-verification; a real change still applies', async () => {
    await post(`/api/v1/records/${ids.A}/resolve-mismatch`, { salaryGradeId: 'CONPSS-09-08' });
    await post(`/api/v1/records/${ids.B}/validate`, { decision: 'APPROVE' });
    await post(`/api/v1/records/${ids.C}/validate`, {
      decision: 'REJECT',
      comments: 'Not on the nominal roll',
      reasonCode: 'NOT_ON_NOMINAL_ROLL',
    });
    const edited = await portal.api.put(`/api/v1/records/${ids.D}`, {
      token: t.token,
      body: {
        fullName: people.D.name,
        department: 'Accounts',
        ministry: 'Ministry of Health',
        gradeLevel: 'GL 10',
        salaryGradeId: 'CONPSS-10-08',
        dateOfBirth: '1980-01-02',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await post(`/api/v1/records/${ids.E}/validate`, { decision: 'APPROVE' });

    // E is renamed in the file: a change of identity, so E awaits re-verification, which an agent does.
    const renamed = fileOf({ E: { name: 'Emeka Nwosu Okoro' } });
    expect(await upload(renamed)).toMatchObject({ newRecordsCreated: 0, existingRecordsUpdated: 1 });
    await post(`/api/v1/agent/records/${ids.E}/verify`, { ssid: ssid('E'), nin: nin('E') }, agent);

    const decided = await snapshot();
    expect(decided.map((r) => [r.psn, r.status, r.grade_level])).toEqual([
      [psn('A'), 'VALIDATED', 'GL 09'],
      [psn('B'), 'VALIDATED', 'GL 08'],
      [psn('C'), 'REJECTED', 'GL 08'],
      [psn('D'), 'PENDING_GRADE_VALIDATION', 'GL 10'],
      [psn('E'), 'MISMATCHED', 'GL 08'],
      [psn('F'), 'PENDING_GRADE_VALIDATION', 'GL 08'],
    ]);

    // The same file again: nothing changes, whatever was decided since.
    expect(await upload(renamed)).toEqual(
      expect.objectContaining({ newRecordsCreated: 0, existingRecordsUpdated: 0 }),
    );
    expect(await snapshot()).toEqual(decided);

    // The same file with one unrelated row changed: that row only.
    const changed = await upload(fileOf({ E: { name: 'Emeka Nwosu Okoro' }, F: { grade: 'GL 07' } }));
    expect(changed).toMatchObject({ newRecordsCreated: 0, existingRecordsUpdated: 1 });
    const after = await snapshot();
    expect(after.filter((r) => r.psn !== psn('F'))).toEqual(decided.filter((r) => r.psn !== psn('F')));
    expect(after.find((r) => r.psn === psn('F'))).toMatchObject({ grade_level: 'GL 07' });

    // A value the file really changes still applies over a decision: A's grade moves on from GL 09
    // (the provider's) to GL 10, and A leaves the payroll until it is reviewed again.
    const regraded = await upload(
      fileOf({ A: { grade: 'GL 10' }, E: { name: 'Emeka Nwosu Okoro' }, F: { grade: 'GL 07' } }),
    );
    expect(regraded).toMatchObject({ existingRecordsUpdated: 1 });
    expect((await snapshot()).find((r) => r.psn === psn('A'))).toMatchObject({
      grade_level: 'GL 10',
      status: 'MISMATCHED',
    });
  });
});
