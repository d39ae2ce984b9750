import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@portal/contract/claims';
import type { MasterRecord } from '@portal/contract/records';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { buildTenantInput } from '../helpers/factories.ts';

let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let globalAdmin: string;
let recordId: string;

beforeAll(async () => {
  portal = await createTestPortal();
  t = await createTenantWithAdmin(portal);
  globalAdmin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  [recordId] = (await seedRecords(portal, t.tenant.id, [
    {
      fullName: 'Guarded Person',
      nin: '41000000001',
      ministry: 'Ministry of Health',
      department: 'Nursing Services',
      status: 'PENDING_GRADE_VALIDATION',
      dateOfBirth: '1980-01-02',
      gradeLevel: 'GL 08',
    },
  ])) as [string];
});
afterAll(async () => {
  await portal?.close();
});

const record = async () =>
  (await portal.api.get(`/api/v1/records?ids=${recordId}`, { token: t.token })).json() as {
    items: MasterRecord[];
  };

describe('a NUL character, which PostgreSQL text cannot hold, is a 400 wherever it comes in', () => {
  it.each([
    ['a public body', 'POST', '/api/v1/verification/initiate', { ssid: 'SS\u00001', nin: '1' }, 'ssid'],
    ['a query value', 'GET', '/api/v1/records/queue/pending-approval?ministry=%00', undefined, 'ministry'],
    ['a records filter', 'GET', '/api/v1/records?grade=a%00b', undefined, 'grade'],
    ['a body key', 'POST', '/api/v1/records/notify', { ['record\u0000Ids']: [] }, 'record\u0000Ids'],
  ] as const)('in %s', async (_, method, url, body, field) => {
    const res = await portal.api.call(method, url, {
      token: url.includes('initiate') ? undefined : t.token,
      body,
      csrf: !url.includes('initiate'),
      headers: { 'x-tenant': t.tenant.subdomain },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: 'Text must not contain a NUL character',
      code: 'VALIDATION_ERROR',
      details: { [field]: 'Contains a NUL character' },
    });
  });

  it('in an edit, a rejection reason and a tenant name, and nothing changes', async () => {
    const before = (await record()).items[0]!;
    const edit = await portal.api.put(`/api/v1/records/${recordId}`, {
      token: t.token,
      body: { fullName: 'A\u0000B', department: 'Nursing Services' },
    });
    expect(edit.statusCode).toBe(400);
    const reject = await portal.api.post(`/api/v1/records/${recordId}/validate`, {
      token: t.token,
      body: { decision: 'REJECT', comments: 'bad\u0000x', reasonCode: 'OTHER' },
    });
    expect(reject.statusCode).toBe(400);
    expect((await record()).items[0]).toEqual(before);
    const tenant = await portal.api.post('/api/v1/global-admin/tenants', {
      token: globalAdmin,
      body: buildTenantInput({ name: 'Nul\u0000State' }),
    });
    expect(tenant.statusCode).toBe(400);
  });
});

describe('text that cannot be stored', () => {
  it('a lone surrogate in a record edit, a rejection reason or a query is a 400, and nothing changes', async () => {
    const before = (await record()).items[0]!;
    const edit = await portal.api.put(`/api/v1/records/${recordId}`, {
      token: t.token,
      body: { fullName: 'Ada \ud800 Obi', department: 'Nursing Services' },
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json()).toMatchObject({
      message: 'Text must be valid Unicode (an unpaired surrogate was sent)',
      details: { fullName: 'Contains an unpaired surrogate (not valid Unicode text)' },
    });
    const reject = await portal.api.post(`/api/v1/records/${recordId}/validate`, {
      token: t.token,
      body: { decision: 'REJECT', comments: 'bad \udfff reason', reasonCode: 'OTHER' },
    });
    expect(reject.statusCode).toBe(400);
    expect((await record()).items[0]).toEqual(before);
  });

  it('a full name over 300 characters says it is too long, not that it is required', async () => {
    const res = await portal.api.put(`/api/v1/records/${recordId}`, {
      token: t.token,
      body: { fullName: 'A'.repeat(301), department: 'Nursing Services' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Cannot exceed 300 characters',
      details: { fullName: 'Cannot exceed 300 characters' },
    });
  });

  it("a claim's SSID or PSN over 64 characters says it is too long, not that it is required", async () => {
    const initiate = await portal.api.post('/api/v1/verification/initiate', {
      csrf: false,
      body: { ssid: 'S'.repeat(65), nin: ' ', consentVersion: CONSENT_VERSION },
    });
    expect(initiate.statusCode).toBe(400);
    expect(initiate.json()).toMatchObject({
      details: { ssid: 'Cannot exceed 64 characters', nin: 'NIN is required' },
    });
    const challenge = await portal.api.post('/api/v1/verification/challenge', {
      csrf: false,
      body: { recordId: 'claim-1', psn: 'P'.repeat(65) },
    });
    expect(challenge.statusCode).toBe(400);
    expect(challenge.json()).toMatchObject({ details: { psn: 'Cannot exceed 64 characters' } });
  });
});

describe('a record edit', () => {
  it.each(['1980-02-30', '2000-04-31', '0000-01-01', '1977-13-01'])(
    'refuses the date of birth %s with a 400, not a database error',
    async (dateOfBirth) => {
      const res = await portal.api.put(`/api/v1/records/${recordId}`, {
        token: t.token,
        body: { fullName: 'Guarded Person', department: 'Nursing Services', dateOfBirth },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Date of birth must be a valid date (YYYY-MM-DD)' });
      expect((await record()).items[0]!.dateOfBirth).toBe('1980-01-02');
    },
  );
});

describe('an id in the path that cannot be one names nothing', () => {
  it.each([
    ['GET', '/api/v1/records/export-logs/xyz/download', 'Export not found'],
    ['GET', '/api/v1/records/not-an-id/comparison', 'Record not found'],
    ['POST', '/api/v1/records/not-an-id/resolve-mismatch', 'Record not found'],
  ] as const)('%s %s is a 404', async (method, url, message) => {
    const res = await portal.api.call(method, url, { token: t.token, body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message, code: 'NOT_FOUND' });
  });

  it('a path parameter longer than any id is a 404 in the API shape, and a path that does not decode a 400', async () => {
    const long = await portal.api.put(`/api/v1/tenant-admin/reviewers/${'a'.repeat(600)}/assignments`, {
      token: t.token,
      body: { ministryIds: [], departmentIds: [] },
    });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    const bad = await portal.api.get('/api/v1/records/%E0%A4%A/comparison', { token: t.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The address is not valid', code: 'VALIDATION_ERROR' });
  });

  it('PUT /global-admin/tenants/notauuid is a 404', async () => {
    const res = await portal.api.put('/api/v1/global-admin/tenants/notauuid', {
      token: globalAdmin,
      body: buildTenantInput(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the subdomain check', () => {
  it.each([
    ['-bad-', false],
    ['%E2%9C%93', false],
    ['a', false],
    ['a'.repeat(51), false],
    ['Upper', false],
    ['fresh-state', true],
  ] as const)('says %s is available: %s', async (subdomain, available) => {
    const res = await portal.api.get(`/api/v1/global-admin/tenants/check-subdomain/${subdomain}`, {
      token: globalAdmin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(available);
  });

  it('says a taken subdomain is not available', async () => {
    const res = await portal.api.get(`/api/v1/global-admin/tenants/check-subdomain/${t.tenant.subdomain}`, {
      token: globalAdmin,
    });
    expect(res.json()).toBe(false);
  });
});

describe('validation messages name what is wrong', () => {
  const user = (overrides: Record<string, unknown>) => ({
    fullName: 'New Person',
    email: `new.${Math.random().toString(36).slice(2)}@example.gov.ng`,
    password: 'Str0ng-Passw0rd',
    role: 'AGENT',
    ...overrides,
  });
  it.each([
    ['a name too long', { fullName: 'x'.repeat(201) }, 'Cannot exceed 200 characters'],
    ['a password too long', { password: 'x'.repeat(257) }, 'Cannot exceed 256 characters'],
    ['a role not offered', { role: 'GLOBAL_SUPER_ADMIN' }, 'Invalid input'],
    ['no role', { role: undefined }, 'Role is required'],
    ['no name', { fullName: undefined }, 'Full name is required'],
    ['a name of the wrong type', { fullName: 42 }, 'Invalid input'],
  ])('creating a user with %s', async (_, overrides, message) => {
    const res = await portal.api.post('/api/v1/tenant-admin/users', {
      token: t.token,
      body: user(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('signing in or checking an email without one', async () => {
    const signIn = await portal.api.post('/api/v1/auth/authenticate', { body: {}, csrf: false });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({
      message: 'Email is required',
      details: { email: 'Email is required', password: 'Password is required' },
    });
    const check = await portal.api.post('/api/v1/tenant-admin/users/check-email', {
      token: t.token,
      body: {},
    });
    expect(check.json()).toMatchObject({ message: 'Email is required' });
  });
});
