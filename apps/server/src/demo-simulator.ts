import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_CREDENTIALS, DEMO_POPULATION_FILE } from '@portal/optima/demo-provider';
import { DEMO_ACCOUNT_CREDENTIALS, DEMO_ACCOUNTS_FILE } from '@portal/optima/name-enquiry/demo-accounts';
import { SimulatorMessageSchema } from '@portal/optima/simulator-messages';
import type { Config } from './platform/config.ts';
import type { SecretBox } from './platform/secrets.ts';
import { DEMO_TENANT } from './bootstrap.ts';
import { COMPILED } from './platform/compiled.ts';
import type { TenantsRepo } from './modules/tenants/tenants.repo.ts';

export interface DemoSimulator {
  url: string;
  /** Process id of the simulator. */
  pid: number;
  close(): Promise<void>;
}

/**
 * The simulator's command line, run the way its own start script runs it. A path, not an import:
 * the portal knows the simulator only as a process and an HTTP address, like a real provider.
 */
const SIMULATOR_DIR = path.resolve(import.meta.dirname, '../../identity-sim');
/**
 * An entry of the simulator app (`main`: the identity provider; `name-enquiry/main`: the account
 * name provider): compiled (npm run build), its compiled file without a loader; else through tsx.
 */
const commandOf = (entry: string) =>
  COMPILED ? [`dist/${entry}.js`] : ['--import', 'tsx', `src/${entry}.ts`];
/** Only a provider the demo put on this machine is pointed at the demo's simulator again. */
const LOOPBACK_URL = /^http:\/\/127\.0\.0\.1:\d+\/?$/;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
/** Only what Node needs: the portal's own settings (its secret, database URL, SMTP) stay with it. */
const CHILD_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'SYSTEMROOT'];

class SimulatorStartError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Demo mode: the identity-source simulator runs as a child process on 127.0.0.1 (real HTTP) with
 * the population that matches examples/, and the demo tenant points at it. The child exits when
 * the portal closes it or when the portal's process is gone, however it died (it watches its IPC
 * channel). A demo tenant whose provider an administrator pointed elsewhere is left alone.
 */
export async function startDemoSimulator(
  config: Config,
  tenants: TenantsRepo,
  box: SecretBox,
  log: FastifyBaseLogger,
): Promise<DemoSimulator | undefined> {
  if (!config.demoIdentitySimulator) return undefined;
  const tenant = await tenants.findBySubdomain(DEMO_TENANT.subdomain);
  if (!tenant) return undefined;
  const current = tenant.identitySourceConfig;
  if (current && !LOOPBACK_URL.test(current.apiBaseUrl)) return undefined;
  const sim = await spawnOnPort(config.simulatorPort, log, 'simulator', (port) => [
    ...commandOf('main'),
    ...['--host', '127.0.0.1', '--port', String(port), '--people', DEMO_POPULATION_FILE],
    ...['--client-id', DEMO_CREDENTIALS.clientId, '--client-secret', DEMO_CREDENTIALS.clientSecret],
    ...['--aes-key', DEMO_CREDENTIALS.aesKey, '--iv', DEMO_CREDENTIALS.iv],
  ]);
  try {
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
  } catch (err) {
    await sim.close();
    throw err;
  }
  log.info({ url: sim.url, simulatorPid: sim.pid }, 'identity-source simulator started for the demo tenant');
  return sim;
}

/**
 * Demo mode (DEMO_ACCOUNT_SIMULATOR, on by default): the account name simulator (issue #36 item 2)
 * runs as a child process like the identity simulator, with the demo accounts that match examples/,
 * and the demo tenant's account provider points at it; one an administrator pointed elsewhere is
 * left alone.
 */
export async function startDemoAccountSimulator(
  config: Config,
  tenants: TenantsRepo,
  box: SecretBox,
  log: FastifyBaseLogger,
): Promise<DemoSimulator | undefined> {
  if (!config.demoAccountSimulator) return undefined;
  const tenant = await tenants.findBySubdomain(DEMO_TENANT.subdomain);
  if (!tenant) return undefined;
  const current = tenant.accountProviderConfig;
  if (current && !LOOPBACK_URL.test(current.apiBaseUrl)) return undefined;
  const sim = await spawnOnPort(config.accountSimulatorPort, log, 'account simulator', (port) => [
    ...commandOf('name-enquiry/main'),
    ...['--host', '127.0.0.1', '--port', String(port), '--accounts', DEMO_ACCOUNTS_FILE],
    ...['--client-id', DEMO_ACCOUNT_CREDENTIALS.clientId],
    ...['--client-secret', DEMO_ACCOUNT_CREDENTIALS.clientSecret],
  ]);
  try {
    await tenants.update(tenant.id, {
      name: tenant.name,
      stateCode: tenant.stateCode,
      description: tenant.description,
      subscriptionStatus: tenant.subscriptionStatus,
      accountProviderConfig: {
        apiBaseUrl: sim.url,
        clientId: DEMO_ACCOUNT_CREDENTIALS.clientId,
        clientSecret: box.seal(DEMO_ACCOUNT_CREDENTIALS.clientSecret),
      },
    });
  } catch (err) {
    await sim.close();
    throw err;
  }
  log.info({ url: sim.url, simulatorPid: sim.pid }, 'account name simulator started for the demo tenant');
  return sim;
}

/** Starts a simulator on `port`, or on a free one when that one is taken. */
async function spawnOnPort(
  port: number,
  log: FastifyBaseLogger,
  what: string,
  argsOf: (port: number) => string[],
): Promise<DemoSimulator> {
  try {
    return await spawnSimulator(argsOf(port), log, what);
  } catch (err) {
    if (!(err instanceof SimulatorStartError && err.code === 'EADDRINUSE')) throw err;
    log.warn({ port }, `${what} port in use; starting it on a free port`);
    return spawnSimulator(argsOf(0), log, what);
  }
}

/** Starts a simulator process and resolves once it listens (its `ready` message). */
function spawnSimulator(args: string[], log: FastifyBaseLogger, what: string): Promise<DemoSimulator> {
  const env = Object.fromEntries(CHILD_ENV.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
  // The demo credentials are public (they guard simulated people only), so argv may show them.
  // detached: a Ctrl-C in the terminal reaches the portal alone, which stops the simulator after
  // its own jobs finished with it.
  const child = spawn(process.execPath, args, {
    cwd: SIMULATOR_DIR,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    let failure: SimulatorStartError | undefined;
    const timer = setTimeout(() => {
      failure = new SimulatorStartError(`the ${what} did not start within ${READY_TIMEOUT_MS} ms`);
      child.kill('SIGKILL');
    }, READY_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(
        failure ??
          new SimulatorStartError(`the ${what} exited (${code ?? signal}) before it was ready: ${stderr}`),
      );
    };
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', onExit);
    child.on('message', (raw) => {
      const message = SimulatorMessageSchema.safeParse(raw);
      if (!message.success) return;
      if (message.data.type === 'failed') {
        failure = new SimulatorStartError(message.data.message, message.data.code);
        return;
      }
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(running(child, message.data.url, log, () => stderr, what));
    });
  });
}

function running(
  child: ChildProcess,
  url: string,
  log: FastifyBaseLogger,
  output: () => string,
  what: string,
): DemoSimulator {
  let stopping: Promise<void> | undefined;
  child.once('exit', (code, signal) => {
    if (!stopping)
      log.error(
        { code, signal, output: output() },
        what === 'simulator' ? 'the demo identity-source simulator stopped' : `the demo ${what} stopped`,
      );
  });
  // A portal that is never closed (a script, a test) must not be kept alive by its simulator.
  child.unref();
  child.channel?.unref();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  return {
    url,
    pid: child.pid!,
    close() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.ref();
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(force);
      })();
      return stopping;
    },
  };
}
