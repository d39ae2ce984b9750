import { DEMO_PASSWORD, DEMO_TENANT, DEMO_USERS, BootstrapError } from './bootstrap.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirLockedError } from './platform/data-dir-lock.ts';
import {
  API_SLOT_ENV,
  exitWithSupervisor,
  isApiProcess,
  superviseApiProcesses,
} from './platform/api-processes.ts';
import { startMetricsExposition, type MetricsExposition } from './platform/metrics-exposition.ts';
import { startPortal } from './portal.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.apiProcesses > 1 && !isApiProcess()) {
    // This process supervises; the API processes it forks run the rest of main().
    await superviseApiProcesses({
      processes: config.apiProcesses,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      log: (message) => console.log(message),
    });
    return;
  }
  exitWithSupervisor();
  const portal = await startPortal(config);
  const { app } = portal;
  // Prometheus metrics of every portal process of the machine, on a port of their own (issue #37);
  // started after the public port listens: the supervisor takes a forked process's first
  // 'listening' for its public port.
  let metrics: MetricsExposition | undefined;
  const exposeMetrics = async () => {
    if (config.metrics.port === 0) return;
    metrics = await startMetricsExposition({
      ...config.metrics,
      log: (message, err) => app.log.warn({ err }, message),
    });
  };

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    Promise.all([metrics?.close(), portal.close()]).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (config.role === 'worker') {
    await exposeMetrics();
    app.log.info('worker process: running jobs only');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  await exposeMetrics();
  if (isApiProcess() && process.env[API_SLOT_ENV] !== '0') return; // one banner for the port
  const url = `http://localhost:${config.port}`;
  const lines = [`Verification Portal is running at ${url}`];
  if (config.demo) {
    lines.push(
      `Demo mode (PGlite in ${config.dataDir}). Sign-ins:`,
      `  global admin      ${config.adminEmail} / ${config.adminPassword ?? '(set by PORTAL_ADMIN_PASSWORD)'}`,
      ...DEMO_USERS.map((u) => `  ${u.role.padEnd(17)} ${u.email} / ${DEMO_PASSWORD}`),
      `Employees of the demo tenant claim their account at http://${DEMO_TENANT.subdomain}.${config.portalDomain}:${config.port}/register-employee`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof BootstrapError) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error('Cannot start:', err);
  }
  process.exit(1);
});
