import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Role } from '@portal/contract/roles';
import { ROLES } from '@portal/contract/roles';
import { addDays } from '@portal/contract/campaigns';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildUserInput } from '../helpers/factories.ts';
import { seedRecords } from '../helpers/records.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';
import { payrollCsv } from '../helpers/payroll-lists.ts';
import { allFlags, currentSummary } from '../helpers/integrity.ts';
import { CONSENT_VERSION } from '@portal/contract/claims';
import { DEFAULT_TIME_ZONE, dayIn } from '@portal/contract/time-zone';

/*
 * Every route of the app's route table × every role (and anonymous) × own tenant / another tenant.
 * A route added tomorrow is in this matrix without a test written for it: its path parameters are
 * filled by name (PARAMS), its body from SAMPLES or `{}`. Tenant B carries marker strings that no
 * answer to tenant A's users may contain, and a checksum of all its rows must not move.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Caller = Role | 'ANONYMOUS';
type Side = 'own' | 'other';

/** The ids of one tenant's resources a path or a body can name. */
interface TenantIds {
  record: string;
  recordNin: string;
  recordSsid: string;
  export: string;
  reviewer: string;
  ministry: string;
  department: string;
  email: string;
  /** An integrity flag (issue #21). */
  flag: string;
  /** A rejection awaiting a second approver, made by the tenant's reviewer (issue #22). */
  approval: string;
  /** An export awaiting a second approver, made by the tenant admin (who may withdraw it). */
  exportApproval: string;
  /** A reason code the tenant added (the other tenant has no code of that name). */
  reasonCode: string;
  /** A verification exercise of the tenant (issue #33). */
  campaign: string;
  /** The tenant's field agent (issue #33: its assignments). */
  agent: string;
  /** A rejected record with an appeal being heard, the appeal, and a document attached (issue #34). */
  appealRecord: string;
  appeal: string;
  appealAttachment: string;
}

/** A path parameter → the resource it names, by the path before it. Add a row for a new kind. */
const PARAMS: { param: string; path: RegExp; kind: keyof TenantIds | 'tenant' | 'subdomain' }[] = [
  { param: 'id', path: /^\/api\/v1\/global-admin\/tenants\/:id/, kind: 'tenant' },
  { param: 'subdomain', path: /\/check-subdomain\/:subdomain$/, kind: 'subdomain' },
  { param: 'id', path: /\/records\/export-logs\/:id/, kind: 'export' },
  { param: 'id', path: /\/tenant-admin\/reviewers\/:id/, kind: 'reviewer' },
  { param: 'id', path: /\/tenant-admin\/agents\/:id/, kind: 'agent' },
  { param: 'id', path: /\/agent\/people\/:id/, kind: 'record' },
  { param: 'id', path: /\/records\/:id/, kind: 'record' },
  { param: 'id', path: /\/integrity\/flags\/:id/, kind: 'flag' },
  { param: 'id', path: /\/approvals\/:id\/withdraw$/, kind: 'exportApproval' },
  { param: 'id', path: /\/approvals\/:id\/export-changes/, kind: 'exportApproval' },
  { param: 'id', path: /\/approvals\/:id/, kind: 'approval' },
  { param: 'code', path: /\/reason-codes\/:code$/, kind: 'reasonCode' },
  { param: 'id', path: /\/campaigns\/:id/, kind: 'campaign' },
  { param: 'attachmentId', path: /\/appeals\/:id\/attachments\/:attachmentId$/, kind: 'appealAttachment' },
  { param: 'id', path: /\/appeals\/:id/, kind: 'appeal' },
];

interface Sample {
  body?: (ids: TenantIds) => unknown;
  query?: (ids: TenantIds) => string;
}

let made = 0;
/** Bodies (and queries) that pass validation, so that a refusal comes from the tenant scope. */
const SAMPLES: Record<string, Sample> = {
  'PUT /api/v1/records/:id': {
    body: () => ({
      fullName: 'Matrix Edited Name',
      department: 'Nursing Services',
      ministry: 'Ministry of Health',
    }),
  },
  'POST /api/v1/records/:id/validate': { body: () => ({ decision: 'APPROVE', comments: 'matrix' }) },
  'POST /api/v1/records/:id/resolve-mismatch': { body: () => ({}) },
  'POST /api/v1/agent/records/:id/verify': { body: (ids) => ({ ssid: ids.recordSsid, nin: ids.recordNin }) },
  'POST /api/v1/agent/verify': {
    body: (ids) => ({ ssid: ids.recordSsid, nin: ids.recordNin, consentVersion: CONSENT_VERSION }),
  },
  'POST /api/v1/agent/challenge': { body: () => ({ recordId: 'x'.repeat(40), psn: 'PSN000000' }) },
  'PUT /api/v1/tenant-admin/reviewers/:id/assignments': {
    body: (ids) => ({ ministryIds: [ids.ministry], departmentIds: [ids.department] }),
  },
  'POST /api/v1/records/bulk-approve': { body: (ids) => ({ records: [{ id: ids.record, version: 1 }] }) },
  'POST /api/v1/records/notify': { body: (ids) => ({ recordIds: [ids.record] }) },
  'POST /api/v1/records/search': { body: (ids) => ({ ids: [ids.record] }) },
  'POST /api/v1/tenant-admin/users': {
    body: () => ({
      fullName: 'Matrix Made User',
      email: `matrix.made.${made++}@example.gov.ng`,
      password: 'Str0ng-Passw0rd',
      role: 'AGENT',
    }),
  },
  'POST /api/v1/tenant-admin/users/check-email': { body: (ids) => ({ email: ids.email }) },
  // Public calls go to tenant A's public page; the other side names tenant B's person there.
  'POST /api/v1/verification/initiate': {
    body: (ids) => ({ ssid: ids.recordSsid, nin: ids.recordNin, consentVersion: CONSENT_VERSION }),
  },
  'GET /api/v1/records': { query: (ids) => `?ids=${ids.record}` },
  'GET /api/v1/records/flagged/not-in-sot': { query: (ids) => `?ministry=${ids.ministry}` },
  'GET /api/v1/records/queue/pending-approval': { query: (ids) => `?ministry=${ids.ministry}` },
  'GET /api/v1/records/queue/mismatched': { query: (ids) => `?department=${ids.department}` },
  'POST /api/v1/integrity/flags/:id/decision': {
    body: () => ({ decision: 'DISMISS', reasonCode: 'OTHER', note: 'matrix' }),
  },
  'GET /api/v1/integrity/flags': { query: (ids) => `?ministry=${ids.ministry}` },
  'PUT /api/v1/tenant-admin/settings': { body: () => ({ integrity: { retirementAge: 61 } }) },
  'POST /api/v1/tenant-admin/reason-codes': {
    body: () => ({ code: `MATRIX_${made++}`, label: 'Matrix reason', needsNote: false }),
  },
  'POST /api/v1/approvals/:id/approve': { body: () => ({}) },
  // Issue #33: an exercise far from the seeded one's dates (the other side names B's ministry: 400).
  'POST /api/v1/campaigns': {
    body: (ids) => ({
      name: 'Matrix exercise',
      ministryIds: [ids.ministry],
      opensOn: '2090-01-01',
      closesOn: '2090-01-31',
      graceDays: 0,
    }),
  },
  'POST /api/v1/campaigns/:id/extend': { body: () => ({ closesOn: '2080-12-31', reason: 'matrix' }) },
  'POST /api/v1/campaigns/:id/excuse': {
    body: (ids) => ({ recordId: ids.record, reasonCode: 'STUDY_LEAVE', note: 'matrix' }),
  },
  'POST /api/v1/campaigns/:id/suspend-no-shows': { body: () => ({ note: 'matrix' }) },
  // The seeded exercise opens tomorrow: a day of it at a site, for the tenant's ministry.
  'PUT /api/v1/campaigns/:id/schedule': {
    body: (ids) => ({
      entries: [
        {
          day: addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), 2),
          site: 'Matrix site',
          ministryIds: [ids.ministry],
        },
      ],
    }),
  },
  'GET /api/v1/campaigns/:id/site-list': { query: () => '?site=Matrix%20site' },
  'PUT /api/v1/tenant-admin/agents/:id/assignments': {
    body: (ids) => ({ ministryIds: [], departmentIds: [ids.department] }),
  },
  'GET /api/v1/agent/people': { query: () => '?q=Person' },
  // Issue #34: the seeded appeal's record (an appeal already heard: 409 on the own side).
  'POST /api/v1/appeals': {
    body: (ids) => ({ recordId: ids.appealRecord, kind: 'OTHER', grounds: 'matrix' }),
  },
  'POST /api/v1/approvals/:id/decline': { body: () => ({ note: 'matrix' }) },
  'PUT /api/v1/global-admin/tenants/:id/sms-gateway': {
    body: () => ({
      host: '127.0.0.1',
      port: 2775,
      systemId: 'matrix',
      password: 'matrix1',
      senderId: 'Matrix',
    }),
  },
};

/** Calls that end the caller's session: the caller signs in again after them. */
const ENDS_SESSION = new Set(['POST /api/v1/auth/logout']);

const MARKER = `qzmark${crypto.randomBytes(4).toString('hex')}`;
const PASSWORD = 'Str0ng-Passw0rd';
const CALLERS: Caller[] = [...ROLES, 'ANONYMOUS'];

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
const emails: Partial<Record<Role, { email: string; password: string }>> = {};
const tokens: Partial<Record<Role, string>> = {};
let idsA: TenantIds;
let idsB: TenantIds;

const asGlobal = () => portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);

/** Creates a reviewer or agent through the tenant admin's API. */
async function tenantUser(token: string, role: 'REVIEWER' | 'AGENT', name: string, email: string) {
  const res = await portal.api.post('/api/v1/tenant-admin/users', {
    token,
    body: { fullName: name, email, password: PASSWORD, role },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create ${role}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function seedTenant(
  t: typeof a,
  label: string,
  k: number,
): Promise<TenantIds & { reviewerEmail: string; agentEmail: string }> {
  const ministry = `Ministry of ${label}`;
  const department = `${label} Department`;
  const nin = (i: number) => String(70000000000 + k * 1000 + i);
  const ssid = (i: number) => `SS${k}${String(i).padStart(4, '0')}`;
  const recordIds = await seedRecords(
    portal,
    t.tenant.id,
    ['VALIDATED', 'PENDING_GRADE_VALIDATION', 'MISMATCHED', 'UPLOADED'].map((status, i) => ({
      fullName: `${label} Person ${i}`,
      nin: nin(i),
      ssid: ssid(i),
      psn: i === 0 ? null : `PSN${k}${String(i).padStart(4, '0')}`,
      email: `${label.toLowerCase()}.person${i}@example.gov.ng`,
      ministry,
      department,
      status,
    })),
  );
  const up = await uploadFile(
    portal,
    t.token,
    `${label} master list.csv`,
    csvOf([{ name: `${label} Uploaded`, nin: nin(9), psn: `PSN${k}9999`, ministry, department }]),
  );
  if (up.statusCode !== 200) throw new Error(`upload ${label}: ${up.body}`);
  // Two records sharing a BVN: an integrity flag each (issue #21).
  const shared = await uploadFile(
    portal,
    t.token,
    `${label} payroll.csv`,
    payrollCsv(
      [1, 2].map((i) => ({
        name: `${label} Payroll ${i}`,
        psn: `PSN${k}800${i}`,
        nin: nin(10 + i),
        ministry,
        department,
        bvn: `2${k}${String(k).repeat(9)}`.slice(0, 11),
      })),
    ),
  );
  if (shared.statusCode !== 200) throw new Error(`payroll upload ${label}: ${shared.body}`);
  // A nominal roll of a ministry the master list does not have (issue #35): its one person is not
  // on the payroll, so the lists' state and the not-on-payroll CSV name the tenant's marker.
  const roll = await uploadFile(
    portal,
    t.token,
    `${label} roll.csv`,
    `PSN,Full Name,Ministry\r\nPSN${k}7001,${label} Roll Only,${label} Roll Ministry\r\n`,
    { url: '/api/v1/hr-lists/nominal-roll/upload' },
  );
  if (roll.statusCode !== 200) throw new Error(`nominal roll ${label}: ${roll.body}`);
  const reviewerEmail = `${label.toLowerCase()}.reviewer@example.gov.ng`;
  const agentEmail = `${label.toLowerCase()}.agent@example.gov.ng`;
  const reviewer = await tenantUser(t.token, 'REVIEWER', `${label} Reviewer`, reviewerEmail);
  const agent = await tenantUser(t.token, 'AGENT', `${label} Agent`, agentEmail);
  const facets = (await portal.api.get('/api/v1/records/facets', { token: t.token })).json() as {
    ministries: { id: string; name: string }[];
    departments: { id: string; name: string }[];
  };
  const ministryId = facets.ministries.find((m) => m.name === ministry)!.id;
  const departmentId = facets.departments.find((d) => d.name === department)!.id;
  const assigned = await portal.api.put(`/api/v1/tenant-admin/reviewers/${reviewer}/assignments`, {
    token: t.token,
    body: { ministryIds: [ministryId], departmentIds: [departmentId] },
  });
  if (assigned.statusCode !== 200) throw new Error(`assign ${label}: ${assigned.body}`);
  const verifying = await portal.api.post('/api/v1/records/bulk-verify', { token: t.token });
  if (verifying.statusCode !== 202) throw new Error(`bulk verify ${label}: ${verifying.body}`);
  await waitFor(async () => {
    const jobs = (await portal.api.get('/api/v1/bulk-jobs', { token: t.token })).json() as {
      status: string;
    }[];
    return jobs.length > 0 && jobs.every((j) => j.status === 'COMPLETED' || j.status === 'FAILED')
      ? true
      : undefined;
  }, 60_000);
  const started = await portal.api.post('/api/v1/records/export', { token: t.token });
  if (started.statusCode !== 202) throw new Error(`export ${label}: ${started.body}`);
  const exportId = (started.json() as { id: string }).id;
  await waitFor(async () => {
    const logs = (await portal.api.get('/api/v1/records/export-logs', { token: t.token })).json() as {
      id: string;
      status: string;
    }[];
    const s = logs.find((l) => l.id === exportId)?.status;
    return s === 'COMPLETED' || s === 'FAILED' ? s : undefined;
  });
  // Issue #22: with a second approver, a rejection and a second export await approval; the
  // tenant's own reason code. The setting is switched off again for the matrix.
  // Issue #30: the rejection is a second tenant admin's, one the global admin makes (outside the
  // first admin's family, unlike the reviewer it created, whose actions it may not check); it also
  // approves the switch-off.
  const other = buildUserInput(t.tenant.id, { role: 'TENANT_ADMIN' });
  const made = await portal.api.post('/api/v1/auth/register', { token: await asGlobal(), body: other });
  if (made.statusCode !== 201) throw new Error(`second admin ${label}: ${made.body}`);
  const otherAdmin = await portal.login(other.email, other.password);
  const fourEyes = async (on: boolean) => {
    const res = await portal.api.put('/api/v1/tenant-admin/settings', {
      token: t.token,
      body: { secondApprover: on },
    });
    if (res.statusCode !== 200) throw new Error(`four-eyes ${label}: ${res.body}`);
    // Issue #30: switching it off waits for a different tenant admin.
    const { pendingChanges } = res.json() as { pendingChanges: { approvalId: string }[] };
    for (const { approvalId } of pendingChanges) {
      const ok = await portal.api.post(`/api/v1/approvals/${approvalId}/approve`, {
        token: otherAdmin,
        body: {},
      });
      if (ok.statusCode !== 200) throw new Error(`four-eyes off ${label}: ${ok.body}`);
    }
  };
  await fourEyes(true);
  const code = `ONLY_TENANT_${k}`;
  const added = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
    token: t.token,
    body: { code, label: `${label} reason`, needsNote: false },
  });
  if (added.statusCode !== 201) throw new Error(`reason code ${label}: ${added.body}`);
  const rejected = await portal.api.post(`/api/v1/records/${recordIds[2]}/validate`, {
    token: otherAdmin,
    body: { decision: 'REJECT', comments: 'matrix', reasonCode: 'DECEASED' },
  });
  if (rejected.statusCode !== 200) throw new Error(`reject ${label}: ${rejected.body}`);
  const second = await portal.api.post('/api/v1/records/export', { token: t.token });
  if (second.statusCode !== 202) throw new Error(`export ${label}: ${second.body}`);
  const pending = await waitFor(async () => {
    const page = (await portal.api.get('/api/v1/approvals', { token: t.token })).json() as {
      items: { id: string; kind: string }[];
    };
    const ofExport = page.items.find((i) => i.kind === 'EXPORT');
    const ofRecord = page.items.find((i) => i.kind === 'REJECTION');
    return ofExport && ofRecord ? { exportApproval: ofExport.id, approval: ofRecord.id } : undefined;
  });
  await fourEyes(false);
  // A verification exercise for every record, opening tomorrow (issue #33): open today, the
  // worker's reminders would write B's rows while the matrix runs.
  const campaign = await portal.api.post('/api/v1/campaigns', {
    token: t.token,
    body: {
      name: `${label} exercise`,
      opensOn: addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), 1),
      closesOn: '2080-01-31',
      graceDays: 7,
    },
  });
  if (campaign.statusCode !== 201) throw new Error(`exercise ${label}: ${campaign.body}`);
  // A rejected person's appeal, lodged from a letter, with a document (issue #34).
  const [appealRecord] = await seedRecords(portal, t.tenant.id, [
    {
      fullName: `${label} Appellant`,
      nin: nin(20),
      ssid: ssid(20),
      psn: `PSN${k}0020`,
      ministry,
      department,
      status: 'REJECTED',
    },
  ]);
  const appeal = await portal.api.post('/api/v1/appeals', {
    token: t.token,
    body: { recordId: appealRecord, kind: 'NOT_ME', grounds: `${label} letter` },
  });
  if (appeal.statusCode !== 201) throw new Error(`appeal ${label}: ${appeal.body}`);
  const appealId = (appeal.json() as { id: string }).id;
  const attachment = await portal.db.orm.execute<{ id: string }>(sql`
    insert into appeal_attachments (tenant_id, appeal_id, file_name, content_type, size_bytes, sha256, data, at)
    values (${t.tenant.id}, ${appealId}, 'letter.pdf', 'application/pdf', 8, 'x', ${Buffer.from('%PDF-1.4')}, now())
    returning id`);
  // The rules have run after the last change, so that nothing of either tenant moves meanwhile.
  await currentSummary(portal, t.token);
  const [flag] = await allFlags(portal, t.token);
  if (!flag) throw new Error(`no integrity flag for ${label}`);
  return {
    ...pending,
    reasonCode: code,
    appealRecord: appealRecord!,
    appeal: appealId,
    appealAttachment: attachment.rows[0]!.id,
    campaign: (campaign.json() as { id: string }).id,
    flag: flag.id,
    record: recordIds[1]!,
    recordNin: nin(1),
    recordSsid: ssid(1),
    export: exportId,
    reviewer,
    agent,
    ministry: ministryId,
    department: departmentId,
    email: reviewerEmail,
    reviewerEmail,
    agentEmail,
  };
}

/** Every row of tenant B: the tables with a tenant_id, their children, and B's tenant row. */
async function checksumOf(tenantId: string): Promise<Record<string, string>> {
  const tables = (
    await portal.db.orm.execute<{ table_name: string }>(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'tenant_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by 1`)
  ).rows.map((r) => r.table_name);
  const sums: Record<string, string> = {};
  const sum = async (name: string, query: ReturnType<typeof sql>) => {
    const row = (await portal.db.orm.execute<{ n: number; md5: string | null }>(query)).rows[0]!;
    sums[name] = `${row.n}:${row.md5 ?? ''}`;
  };
  for (const table of tables) {
    await sum(
      table,
      sql`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as md5
          from ${sql.identifier(table)} x where x.tenant_id = ${tenantId}`,
    );
  }
  // Tables whose rows belong to a tenant through their parent (no tenant_id of their own).
  const children = (
    await portal.db.orm.execute<{ child: string; fk: string; parent: string; pk: string }>(sql`
      select kcu.table_name as child, kcu.column_name as fk, ccu.table_name as parent, ccu.column_name as pk
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
        and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()
      order by 1, 2`)
  ).rows.filter((r) => !tables.includes(r.child) && tables.includes(r.parent));
  for (const c of children) {
    await sum(
      `${c.child}.${c.fk}→${c.parent}`,
      sql`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as md5
          from ${sql.identifier(c.child)} x join ${sql.identifier(c.parent)} p
            on p.${sql.identifier(c.pk)} = x.${sql.identifier(c.fk)}
          where p.tenant_id = ${tenantId}`,
    );
  }
  await sum(
    'tenants',
    sql`select count(*)::int as n, md5(string_agg(x::text, '|')) as md5 from tenants x where x.id = ${tenantId}`,
  );
  return sums;
}

/** The checksum once B's background work (jobs, statistics) has stopped moving it. */
async function settledChecksum(tenantId: string) {
  let last = await checksumOf(tenantId);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const next = await checksumOf(tenantId);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error("tenant B's rows keep changing without anyone calling the API");
}

beforeAll(async () => {
  portal = await createTestPortal({ env: { PROVIDER_BACKOFF_MS: '10', CLAIM_RATE_PER_IP: '100000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  idsA = await seedTenant(a, 'Alpha', 1);
  const seededB = await seedTenant(b, MARKER, 2);
  idsB = seededB;
  // A claim started on B's public page: claim rows of B for the checksum.
  await portal.api.post('/api/v1/verification/initiate', {
    body: { ssid: seededB.recordSsid, nin: seededB.recordNin, consentVersion: CONSENT_VERSION },
    csrf: false,
    headers: { 'x-tenant': b.tenant.subdomain },
  });

  // Tenant A's users of every role.
  const global = await asGlobal();
  emails.GLOBAL_SUPER_ADMIN = DEMO_ADMIN;
  emails.TENANT_ADMIN = { email: a.email, password: PASSWORD };
  emails.REVIEWER = { email: (idsA as typeof seededB).reviewerEmail, password: PASSWORD };
  emails.AGENT = { email: (idsA as typeof seededB).agentEmail, password: PASSWORD };
  for (const role of ['TENANT_MANAGER', 'TENANT_USER'] as const) {
    const user = buildUserInput(a.tenant.id, { role });
    const res = await portal.api.post('/api/v1/auth/register', { token: global, body: user });
    if (res.statusCode !== 201) throw new Error(`register ${role}: ${res.body}`);
    emails[role] = { email: user.email, password: user.password };
  }
  // A SELF_SERVICE_USER by the public claim of A's record without a PSN.
  const claim = await portal.api.post('/api/v1/verification/initiate', {
    body: { ssid: 'SS10000', nin: '70000001000', consentVersion: CONSENT_VERSION },
    csrf: false,
    headers: { 'x-tenant': a.tenant.subdomain },
  });
  if (claim.statusCode !== 200) throw new Error(`claim initiate: ${claim.body}`);
  const selfEmail = 'alpha.self.service@example.gov.ng';
  const account = await portal.api.post('/api/v1/auth/create-account', {
    body: { email: selfEmail, password: PASSWORD, recordId: (claim.json() as { recordId: string }).recordId },
    csrf: false,
    headers: { 'x-tenant': a.tenant.subdomain },
  });
  if (account.statusCode !== 200) throw new Error(`claim account: ${account.body}`);
  emails.SELF_SERVICE_USER = { email: selfEmail, password: PASSWORD };
  for (const role of ROLES) tokens[role] = await portal.login(emails[role]!.email, emails[role]!.password);
}, 240_000);
afterAll(async () => {
  await portal?.close();
});

/** Fills the path's parameters with the ids of `ids`' tenant; throws when a parameter is unknown. */
function fillPath(url: string, ids: TenantIds, subdomain: string, tenantId: string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, param: string) => {
    const rule = PARAMS.find((p) => p.param === param && p.path.test(url));
    if (!rule) {
      throw new Error(
        `authorization matrix: cannot fill :${param} of ${url}; add a row to PARAMS in authorization-matrix.test.ts naming the resource it is`,
      );
    }
    if (rule.kind === 'tenant') return tenantId;
    if (rule.kind === 'subdomain') return subdomain;
    return ids[rule.kind];
  });
}

describe('authorization matrix', () => {
  it('every route × every role × own / other tenant: 401, 403, 404, and nothing of tenant B read or changed', async () => {
    const routes = portal.routeTable().filter((r) => r.url.startsWith('/api/') || r.access === 'public');
    // The session-ending calls last, so that each caller's token lives through the others.
    routes.sort(
      (x, y) =>
        Number(ENDS_SESSION.has(`${x.method} ${x.url}`)) - Number(ENDS_SESSION.has(`${y.method} ${y.url}`)),
    );
    for (const r of routes) fillPath(r.url, idsB, 'x', b.tenant.id); // unknown parameters fail first
    const before = await settledChecksum(b.tenant.id);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['records', 'users', 'uploads', 'audit_events']),
    );

    const failures: string[] = [];
    const tally: Record<string, number> = {};
    let calls = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const isPublic = route.access === 'public';
      const declared = isPublic ? [] : route.access.split(',');
      const platformWide = declared.length === 1 && declared[0] === 'GLOBAL_SUPER_ADMIN';
      const sample = SAMPLES[key] ?? {};
      for (const caller of CALLERS) {
        for (const side of ['own', 'other'] as Side[]) {
          const ids = side === 'own' ? idsA : idsB;
          const tenant = side === 'own' ? a.tenant : b.tenant;
          // The global admin's own routes are platform-wide by design: only their role gate is
          // checked, with an id that names no tenant (they must not delete or rewrite tenant B).
          const harmless = platformWide && caller === 'GLOBAL_SUPER_ADMIN';
          const tenantId = harmless ? crypto.randomUUID() : tenant.id;
          const subdomain = harmless ? `nobody-${side}` : tenant.subdomain;
          const url = fillPath(route.url, ids, subdomain, tenantId) + (sample.query?.(ids) ?? '');
          const token = caller === 'ANONYMOUS' ? undefined : tokens[caller];
          const res = await portal.api.call(route.method as Method, url, {
            token,
            body:
              route.method === 'GET' || route.method === 'DELETE' ? undefined : (sample.body?.(ids) ?? {}),
            csrf: true,
            headers: isPublic ? { 'x-tenant': a.tenant.subdomain } : {},
          });
          calls++;
          const status = res.statusCode;
          tally[String(status)] = (tally[String(status)] ?? 0) + 1;
          const where = `${route.method} ${url} as ${caller} (${side} tenant) → ${status} ${res.body.slice(0, 200)}`;
          const fail = (why: string) => failures.push(`${why}: ${where}`);
          // MATRIX_TRACE=1 prints every call a declared role or anyone on a public route made.
          if (process.env.MATRIX_TRACE && (isPublic || declared.includes(caller))) console.log(where);

          if (status >= 500) fail('server error');
          if (caller !== 'GLOBAL_SUPER_ADMIN' && res.body.toLowerCase().includes(MARKER)) {
            fail("tenant B's data in the answer");
          }
          // A public route is open to anyone: only server errors, markers and the checksum count.
          if (!isPublic) {
            if (caller === 'ANONYMOUS') {
              if (status !== 401) fail('anonymous not 401');
            } else if (!declared.includes(caller)) {
              if (status !== 403) fail('undeclared role not 403');
            } else if (status === 401 || status === 403) {
              fail('declared role refused');
            } else if (side === 'other' && !platformWide && /:[A-Za-z_]+/.test(route.url)) {
              // Another tenant's resource named in the path is missing, like one that never was;
              // without a sample body the refusal may come from validation (any 4xx).
              const strict = route.method === 'GET' || route.method === 'DELETE' || Boolean(sample.body);
              if (strict ? status !== 404 : status < 400 || status >= 500)
                fail("another tenant's resource not 404");
            }
          }

          if (token && ENDS_SESSION.has(key)) {
            tokens[caller as Role] = await portal.login(
              emails[caller as Role]!.email,
              emails[caller as Role]!.password,
            );
          }
        }
      }
    }

    const after = await checksumOf(b.tenant.id);
    const size = `${routes.length} routes × ${CALLERS.length} roles (7 + anonymous) × 2 tenants = ${routes.length * CALLERS.length * 2}`;
    console.log(`authorization matrix: ${size} calls (${calls} made); statuses ${JSON.stringify(tally)}`);
    const rows = Object.entries(before).map(([table, sum]) => `${table} ${sum.split(':')[0]}`);
    console.log(`tenant B checksum over ${rows.length} tables (rows): ${rows.join(', ')}`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(after, "tenant B's rows changed").toEqual(before);
    expect(calls).toBe(routes.length * CALLERS.length * 2);
  }, 180_000);

  it("controls: tenant B's answers carry the markers, and a change to B's rows moves the checksum", async () => {
    const global = await asGlobal();
    const bUsers = await portal.api.get(`/api/v1/global-admin/tenants/${b.tenant.id}/users`, {
      token: global,
    });
    expect(bUsers.body.toLowerCase()).toContain(MARKER);
    for (const url of [
      '/api/v1/records',
      '/api/v1/records/uploads',
      '/api/v1/tenant-admin/ministries',
      '/api/v1/campaigns',
      '/api/v1/hr-lists',
      '/api/v1/hr-lists/nominal-roll/not-on-payroll.csv',
    ]) {
      expect((await portal.api.get(url, { token: b.token })).body.toLowerCase(), url).toContain(MARKER);
    }
    const before = await checksumOf(b.tenant.id);
    const edit = await portal.api.post(`/api/v1/records/${idsB.record}/validate`, {
      token: b.token,
      body: { decision: 'REJECT', comments: 'control', reasonCode: 'OTHER' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await checksumOf(b.tenant.id);
    expect(after.records).not.toBe(before.records);
    expect(after.audit_events).not.toBe(before.audit_events);
  });

  it('a route whose parameter names no known resource fails with a message saying to add it', () => {
    expect(() => fillPath('/api/v1/widgets/:widgetId', idsB, 'x', b.tenant.id)).toThrow(
      /cannot fill :widgetId of \/api\/v1\/widgets\/:widgetId; add a row to PARAMS/,
    );
  });
});
