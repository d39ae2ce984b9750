import type { FastifyBaseLogger } from 'fastify';
import { DEMO_CREDENTIALS, DEMO_POPULATION_FILE } from '@portal/optima/demo-provider';
import { startSimulator } from '@portal/identity-sim/simulator';
import type { Config } from './platform/config.ts';
import type { SecretBox } from './platform/secrets.ts';
import { DEMO_TENANT } from './bootstrap.ts';
import type { TenantsRepo } from './modules/tenants/tenants.repo.ts';

export interface DemoSimulator {
  url: string;
  close(): Promise<void>;
}

/**
 * Demo mode: the identity-source simulator runs in this process (real HTTP on loopback) with the
 * population that matches examples/, and the demo tenant points at it. A demo tenant whose
 * provider an administrator pointed elsewhere is left alone.
 */
export async function startDemoSimulator(
  config: Config,
  tenants: TenantsRepo,
  box: SecretBox,
  log: FastifyBaseLogger,
): Promise<DemoSimulator | undefined> {
  const tenant = await tenants.findBySubdomain(DEMO_TENANT.subdomain);
  if (!tenant) return undefined;
  const current = tenant.identitySourceConfig;
  if (current && !/^http:\/\/127\.0\.0\.1:\d+\/?$/.test(current.apiBaseUrl)) return undefined;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  try {
    sim = await startSimulator({
      port: config.simulatorPort,
      host: '127.0.0.1',
      peopleFile: DEMO_POPULATION_FILE,
      ...DEMO_CREDENTIALS,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    sim = await startSimulator({
      port: 0,
      host: '127.0.0.1',
      peopleFile: DEMO_POPULATION_FILE,
      ...DEMO_CREDENTIALS,
    });
  }
  await tenants.update(tenant.id, {
    name: tenant.name,
    stateCode: tenant.stateCode,
    description: tenant.description,
    subscriptionStatus: tenant.subscriptionStatus,
    identitySourceConfig: {
      providerName: 'OPTIMA',
      apiBaseUrl: sim.url,
      clientId: DEMO_CREDENTIALS.clientId,
      validationUrl: current?.validationUrl ?? null,
      clientSecret: box.seal(DEMO_CREDENTIALS.clientSecret),
      aesKey: box.seal(DEMO_CREDENTIALS.aesKey),
      iv: box.seal(DEMO_CREDENTIALS.iv),
    },
  });
  log.info({ url: sim.url }, 'identity-source simulator started for the demo tenant');
  return { url: sim.url, close: () => sim.close() };
}
