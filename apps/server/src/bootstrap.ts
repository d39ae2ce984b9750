import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@portal/contract/roles';
import type { Config } from './platform/config.ts';
import { hashPassword } from './platform/passwords.ts';
import type { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import type { UsersRepo } from './modules/users/users.repo.ts';

export const DEMO_TENANT = { name: 'Demo State', subdomain: 'demo', stateCode: 'DM' } as const;
export const DEMO_PASSWORD = 'Demo12345!';
export const DEMO_USERS: { email: string; fullName: string; role: Role }[] = [
  { email: 'tenant.admin@demo.local', fullName: 'Tunde Admin', role: 'TENANT_ADMIN' },
  { email: 'reviewer@demo.local', fullName: 'Rita Reviewer', role: 'REVIEWER' },
  { email: 'agent@demo.local', fullName: 'Ade Agent', role: 'AGENT' },
  { email: 'employee@demo.local', fullName: 'Emeka Okoye', role: 'SELF_SERVICE_USER' },
];
/** The demo reviewer's ministries: both have pending and mismatched records once the sample is verified. */
export const DEMO_REVIEWER_MINISTRIES = ['Ministry of Finance', 'Ministry of Health'] as const;
/** The demo employee's row of examples/master-list.csv (S/N 1397), found cleanly by the simulator. */
export const DEMO_EMPLOYEE_RECORD = { nin: '48569514525', ssid: 'SS54403508', psn: 'PSN062225' } as const;

export class BootstrapError extends Error {}

/**
 * First start: the global super admin; demo mode: the demo tenant and one user per tenant role.
 * Answers the id of the demo tenant when this start created it (its records are seeded later, once
 * the jobs run: demo-seed.ts).
 */
export async function bootstrap(
  config: Config,
  repos: { users: UsersRepo; tenants: TenantsRepo },
  log: FastifyBaseLogger,
): Promise<{ createdDemoTenantId: string | undefined }> {
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
  if (!config.demo) return { createdDemoTenantId: undefined };
  if (await repos.tenants.findBySubdomain(DEMO_TENANT.subdomain)) return { createdDemoTenantId: undefined };
  const tenant = await repos.tenants.insert({
    ...DEMO_TENANT,
    description: 'Demo tenant seeded on first start',
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    await repos.users.insert({ ...user, tenantId: tenant.id, passwordHash });
  }
  log.info('seeded the demo tenant and its users');
  return { createdDemoTenantId: tenant.id };
}
