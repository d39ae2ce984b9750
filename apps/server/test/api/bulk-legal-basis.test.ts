import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BULK_LEGAL_BASIS, type BulkLegalBasis, type Tenant } from '@portal/contract/tenants';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { buildTenantInput } from '../helpers/factories.ts';

/*
 * The legal basis of bulk verification (issue #22): a text of the tenant's provider settings that
 * the global admin sets and the tenant admin reads on the Bulk Verification tab; the default when
 * none is set.
 */
let portal: TestPortal;
let admin: string;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;

const LEGAL_BASIS = '/api/v1/tenant-admin/bulk-verification/legal-basis';
const TEXT = 'Lagos State Public Service Rules, rule 020101, and Head of Service circular HOS/2026/07.';

beforeAll(async () => {
  portal = await createTestPortal();
  admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
});
afterAll(async () => {
  await portal?.close();
});

const update = (legalBasis: string | undefined) =>
  portal.api.put(`/api/v1/global-admin/tenants/${a.tenant.id}`, {
    token: admin,
    body: buildTenantInput({
      subdomain: a.tenant.subdomain,
      ...(legalBasis !== undefined && { legalBasis }),
    }),
  });
const legalBasisOf = async (token: string) => {
  const res = await portal.api.get(LEGAL_BASIS, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BulkLegalBasis;
};

describe('the legal basis of bulk verification', () => {
  it('is the default while the tenant has none', async () => {
    expect(await legalBasisOf(a.token)).toEqual({ text: BULK_LEGAL_BASIS.default, isDefault: true });
  });

  it("the global admin sets it in the tenant's provider settings; its tenant admin reads it, another tenant's does not", async () => {
    const res = await update(`  ${TEXT}  `);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse((res.json() as Tenant).identitySourceConfig!)).toMatchObject({ legalBasis: TEXT });
    expect(await legalBasisOf(a.token)).toEqual({ text: TEXT, isDefault: false });
    expect(await legalBasisOf(b.token)).toEqual({ text: BULK_LEGAL_BASIS.default, isDefault: true });
    // The change is in the audit trail like every other tenant setting.
    const audited = await portal.db.orm.execute<{ after: { identitySourceConfig: { legalBasis: string } } }>(
      sql`select after from audit_events where action = 'TENANT_UPDATED' and entity_id = ${a.tenant.id} order by id desc limit 1`,
    );
    expect(audited.rows[0]!.after.identitySourceConfig.legalBasis).toBe(TEXT);
  });

  it('stays when an update leaves it out; an empty text removes it (the default again)', async () => {
    expect((await update(undefined)).statusCode).toBe(200);
    expect(await legalBasisOf(a.token)).toEqual({ text: TEXT, isDefault: false });
    expect((await update('')).statusCode).toBe(200);
    expect(await legalBasisOf(a.token)).toEqual({ text: BULK_LEGAL_BASIS.default, isDefault: true });
  });

  it('is at most 1,000 characters', async () => {
    const res = await update('x'.repeat(BULK_LEGAL_BASIS.max + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: { legalBasis: 'Cannot exceed 1000 characters' } });
  });

  it('is 403 for every role but the tenant admin, 401 without a session', async () => {
    const tokens = {
      GLOBAL_SUPER_ADMIN: admin,
      REVIEWER: await portal.login('reviewer@demo.local'),
      AGENT: await portal.login('agent@demo.local'),
      SELF_SERVICE_USER: await portal.login('employee@demo.local'),
    };
    for (const [role, token] of Object.entries(tokens))
      expect((await portal.api.get(LEGAL_BASIS, { token })).statusCode, role).toBe(403);
    expect((await portal.api.get(LEGAL_BASIS)).statusCode).toBe(401);
  });
});
