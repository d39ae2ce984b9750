import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@portal/contract/claims';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';

/**
 * GET /api/v1/claims/tenant (issue #31): the public claim screen says whose portal it is. By the
 * subdomain it is asked from, the tenant's name and nothing else; an unknown one is a 404.
 */
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const ask = (headers: Record<string, string> = {}) => portal.api.get('/api/v1/claims/tenant', { headers });

beforeAll(async () => {
  portal = await createTestPortal();
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
});
afterAll(() => portal?.close());

describe('the public name of a claim screen’s tenant', () => {
  it("answers each tenant's name by its subdomain, signed out, and nothing more", async () => {
    for (const t of [a.tenant, b.tenant, { subdomain: 'demo', name: 'Demo State' }]) {
      const res = await ask({ 'x-tenant': t.subdomain });
      expect(res.statusCode, res.body).toBe(200);
      // Its name and time zone (issue #31 item 12) only: no id, subdomain, provider address or
      // anything of another tenant.
      expect(res.json()).toEqual({ name: t.name, timeZone: 'Africa/Lagos' });
    }
  });

  it('refuses an unknown tenant (404), and names none when several could be meant', async () => {
    const unknown = await ask({ 'x-tenant': 'no-such-state' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: CLAIM_MESSAGES.unknownTenant });
    // Without a subdomain, with three tenants: none is guessed.
    expect((await ask()).statusCode).toBe(404);
  });
});
