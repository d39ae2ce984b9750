import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@portal/contract/roles';
import type { Config } from './platform/config.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import type { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import type { UsersRepo } from './modules/users/users.repo.ts';

export const DEMO_TENANT = { name: 'Demo State', subdomain: 'demo', stateCode: 'DM' } as const;
export const DEMO_PASSWORD = 'Demo12345!';
export const DEMO_USERS: { email: string; fullName: string; role: Role }[] = [
  { email: 'tenant.admin@demo.local', fullName: 'Tunde Admin', role: 'TENANT_ADMIN' },
  { email: 'reviewer@demo.local', fullName: 'Rita Reviewer', role: 'REVIEWER' },
  { email: 'agent@demo.local', fullName: 'Ade Agent', role: 'AGENT' },
  { email: 'employee@demo.local', fullName: 'Emeka Employee', role: 'SELF_SERVICE_USER' },
];

export class BootstrapError extends Error {}

/** First start: the global super admin; demo mode: the demo tenant and one user per tenant role. */
export async function bootstrap(
  config: Config,
  repos: { users: UsersRepo; tenants: TenantsRepo },
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await repos.users.existsWithRole('GLOBAL_SUPER_ADMIN'))) {
    if (!config.adminPassword) {
      throw new BootstrapError('PORTAL_ADMIN_PASSWORD is required to create the first global administrator.');
    }
    await repos.users.insert({
      tenantId: null,
      fullName: 'Global Administrator',
      email: config.adminEmail,
      role: 'GLOBAL_SUPER_ADMIN',
      passwordHash: await hashPassword(config.adminPassword),
    });
    log.info({ email: config.adminEmail }, 'created the global super admin');
  }
  if (!config.demo) return;
  if (await repos.tenants.findBySubdomain(DEMO_TENANT.subdomain)) return;
  const tenant = await repos.tenants.insert({
    ...DEMO_TENANT,
    description: 'Demo tenant seeded on first start',
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    await repos.users.insert({ ...user, tenantId: tenant.id, passwordHash });
  }
  log.info('seeded the demo tenant and its users');
}
