import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { csvOf, sampleRows, uploadFile } from '../helpers/uploads.ts';

let portal: TestPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await createTestPortal();
  tokens.GLOBAL_SUPER_ADMIN = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  tokens.REVIEWER = await portal.login('reviewer@demo.local');
  tokens.AGENT = await portal.login('agent@demo.local');
  tokens.SELF_SERVICE_USER = await portal.login('employee@demo.local');
});
afterAll(async () => {
  await portal?.close();
});

it('every records route answers 403 to the roles SPEC §6 does not give it, and 401 without a token', async () => {
  const routes = [
    ['GET', '/api/v1/records'],
    ['GET', '/api/v1/records/facets'],
    ['GET', '/api/v1/records/uploads'],
    ['GET', '/api/v1/records/upload-template'],
    ['GET', '/api/v1/tenant-admin/ministries'],
    ['GET', '/api/v1/tenant-admin/departments'],
    ['POST', '/api/v1/records/notify'],
    ['POST', '/api/v1/records/search'],
  ] as const;
  for (const [method, url] of routes) {
    expect(
      (await portal.api.call(method, url, { body: { recordIds: [] } })).statusCode,
      `${url} anonymous`,
    ).toBe(401);
    for (const [role, token] of Object.entries(tokens)) {
      const res = await portal.api.call(method, url, {
        token,
        body: { recordIds: ['00000000-0000-4000-8000-000000000000'] },
      });
      expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
    }
  }
  for (const [role, token] of Object.entries(tokens)) {
    const res = await uploadFile(portal, token, 'list.csv', csvOf(sampleRows(2)));
    expect(res.statusCode, `upload as ${role}`).toBe(403);
  }
  const admin = await portal.login('tenant.admin@demo.local');
  expect(
    ((await portal.api.get('/api/v1/records', { token: admin })).json() as { total: number }).total,
  ).toBe(0);
});
