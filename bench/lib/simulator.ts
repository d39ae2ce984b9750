// The OPTIMA identity-source simulator as its own process, and the demo tenant pointed at it.
import { spawn } from 'node:child_process';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { csrfHeaders, freePort, login, root } from './portal-process.ts';

export interface SimulatorOptions {
  /** People in its generated population (GeneratedPopulation with the same count and seed). */
  count: number;
  seed: number;
  latencyMs?: number;
  /** Share (0..1) of people without biometrics (absent from the source of truth); default 0.03. */
  noBiometricsShare?: number;
}

export async function startSimulator(opts: SimulatorOptions) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/identity-sim/src/main.ts',
      '--port',
      String(port),
      '--generate',
      String(opts.count),
      '--seed',
      String(opts.seed),
      '--latency-ms',
      String(opts.latencyMs ?? 0),
      ...(opts.noBiometricsShare === undefined
        ? []
        : ['--no-biometrics-share', String(opts.noBiometricsShare)]),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 300) throw new Error('simulator did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface DemoTenantRow {
  id: string;
  subdomain: string;
  name: string;
  stateCode: string;
  apiBaseUrl?: string;
}

/**
 * Saves the demo tenant's form as the global administrator would: the demo identity provider's
 * credentials, and what `fields` sets (the provider's address, an account name provider).
 */
async function updateDemoTenant(base: string, fields: (demo: DemoTenantRow) => Record<string, unknown>) {
  const token = await login(base, 'admin@portal.local', 'ChangeMe123!');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...csrfHeaders };
  const list = (await (await fetch(`${base}/api/v1/global-admin/tenants`, { headers })).json()) as
    DemoTenantRow[] | { items: DemoTenantRow[] };
  const tenants = Array.isArray(list) ? list : list.items;
  const demo = tenants.find((t) => t.subdomain === 'demo')!;
  const res = await fetch(`${base}/api/v1/global-admin/tenants/${demo.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      name: demo.name,
      subdomain: demo.subdomain,
      stateCode: demo.stateCode,
      description: 'Benchmark tenant',
      subscriptionStatus: 'ACTIVE',
      providerName: 'OPTIMA',
      validationUrl: '',
      clientId: DEMO_CREDENTIALS.clientId,
      clientSecretEncrypted: DEMO_CREDENTIALS.clientSecret,
      aesKey: DEMO_CREDENTIALS.aesKey,
      iv: DEMO_CREDENTIALS.iv,
      ...fields(demo),
    }),
  });
  if (!res.ok) throw new Error(`tenant update failed: ${res.status} ${await res.text()}`);
}

/** Points the demo tenant at the simulator, as the global administrator would in the tenant form. */
export const pointDemoTenantAt = (base: string, simUrl: string) =>
  updateDemoTenant(base, () => ({ apiBaseUrl: simUrl }));

/**
 * The name-enquiry account simulator (issue #36) as its own process, serving an accounts file
 * (bankCode,accountNumber,status,accountName,bvn), on 127.0.0.1.
 */
export async function startAccountSimulator(opts: { accountsFile: string; latencyMs?: number }) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/identity-sim/src/name-enquiry/main.ts',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--accounts',
      opts.accountsFile,
      '--latency-ms',
      String(opts.latencyMs ?? 0),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 600 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('account simulator did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Sets the demo tenant's account name provider, as the global administrator would in the tenant form. */
export const pointDemoTenantAccountsAt = (base: string, simUrl: string) =>
  updateDemoTenant(base, (demo) => ({
    apiBaseUrl: demo.apiBaseUrl || 'http://127.0.0.1:9/unused',
    accountProvider: {
      apiBaseUrl: simUrl,
      clientId: DEMO_ACCOUNT_CREDENTIALS.clientId,
      clientSecret: DEMO_ACCOUNT_CREDENTIALS.clientSecret,
    },
  }));
