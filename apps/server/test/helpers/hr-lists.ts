import { afterAll, beforeAll, expect } from 'vitest';
import type { HrListKind, HrListPath, HrListState } from '@portal/contract/hr-lists';
import { ROLES, type Role } from '@portal/contract/roles';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from './test-portal.ts';
import { createTenantWithAdmin } from './tenants.ts';
import { uploadFile } from './uploads.ts';

export type TenantAdmin = Awaited<ReturnType<typeof createTenantWithAdmin>>;

/** A CSV file of these lines, each ended as a spreadsheet saves it. */
export const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** POST /hr-lists/{path}/upload. */
export const hrListUploadUrl = (path: HrListPath) => `/api/v1/hr-lists/${path}/upload`;

/**
 * The world of an HR list's API tests (issue #35): one portal with two tenants, `a` and `b`, each
 * with its admin, made before the file's tests (then `setUp`, e.g. a master list) and closed after
 * them; the list's upload and the lists' state as a tenant's user reads them.
 */
export interface HrListWorld {
  portal: TestPortal;
  a: TenantAdmin;
  b: TenantAdmin;
  /** The list's upload (the multipart field `file`, and text `fields` before it). */
  upload(
    token: string,
    fileName: string,
    content: Buffer | string,
    fields?: Record<string, string>,
  ): ReturnType<typeof uploadFile>;
  /** Another list's upload. */
  uploadTo(
    path: HrListPath,
    token: string,
    fileName: string,
    content: Buffer | string,
    fields?: Record<string, string>,
  ): ReturnType<typeof uploadFile>;
  /** GET /hr-lists as this user. */
  lists(token: string): Promise<HrListState[]>;
  /** One list's entry of GET /hr-lists. */
  stateOf(token: string, kind: HrListKind): Promise<HrListState>;
}

export function hrListWorld(
  path: HrListPath,
  setUp?: (world: HrListWorld) => Promise<void>,
  timeout?: number,
): HrListWorld {
  const world = {
    upload: (token, fileName, content, fields) => world.uploadTo(path, token, fileName, content, fields),
    uploadTo: (to, token, fileName, content, fields) =>
      uploadFile(world.portal, token, fileName, content, { url: hrListUploadUrl(to), fields }),
    lists: async (token) =>
      (await world.portal.api.get('/api/v1/hr-lists', { token })).json() as HrListState[],
    stateOf: async (token, kind) => (await world.lists(token)).find((l) => l.kind === kind)!,
  } as HrListWorld;
  beforeAll(async () => {
    world.portal = await createTestPortal();
    world.a = await createTenantWithAdmin(world.portal);
    world.b = await createTenantWithAdmin(world.portal);
    await setUp?.(world);
  }, timeout);
  afterAll(async () => {
    await world.portal?.close();
  });
  return world;
}

/**
 * A signed-in user of every role but the tenant admin's, beside `admin`'s tenant (its reviewer
 * and agent, made by `admin`; a manager and a user of tenants of their own; the global admin).
 * The SELF_SERVICE_USER (an employee who claimed a record) is left to the authorization matrix,
 * which reaches every route with every role. `prefix` keeps the made users' emails apart.
 */
export async function otherRoles(
  portal: TestPortal,
  admin: TenantAdmin,
  prefix: string,
): Promise<[Role, string][]> {
  const tokens: [Role, string][] = [
    ['GLOBAL_SUPER_ADMIN', await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password)],
  ];
  for (const role of ['TENANT_MANAGER', 'TENANT_USER'] as const)
    tokens.push([role, (await createTenantWithAdmin(portal, role)).token]);
  for (const role of ['REVIEWER', 'AGENT'] as const) {
    const email = `${prefix}.${role.toLowerCase()}@example.gov.ng`;
    const made = await portal.api.post('/api/v1/tenant-admin/users', {
      token: admin.token,
      body: { fullName: `Test ${role}`, email, password: 'Str0ng-Passw0rd', role },
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    tokens.push([role, await portal.login(email, 'Str0ng-Passw0rd')]);
  }
  expect(tokens.map(([role]) => role).sort()).toEqual(
    ROLES.filter((r) => r !== 'TENANT_ADMIN' && r !== 'SELF_SERVICE_USER').sort(),
  );
  return tokens;
}
