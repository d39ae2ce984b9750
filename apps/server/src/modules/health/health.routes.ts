import type { FastifyInstance } from 'fastify';
import { HEALTH_ROUTES, type HealthCheck, type Readiness } from '@portal/contract/routes/health';
import { serveRoute } from '../../access/route.ts';

/** What readiness asks (issue #37 item 3); each check throws when it fails. */
export interface ReadinessProbe {
  database(): Promise<void>;
  jobs(): Promise<void>;
  migrations(): Promise<void>;
  eventLoop(): Promise<void>;
}

async function check(fn: () => Promise<void>): Promise<HealthCheck> {
  try {
    await fn();
    return 'ok';
  } catch {
    return 'failed';
  }
}

/** Every check at once; ready when all pass (the route's answer and the portal_ready gauge). */
export async function readinessOf(probe: ReadinessProbe): Promise<Readiness> {
  const [database, jobs, migrations, eventLoop] = await Promise.all([
    check(() => probe.database()),
    check(() => probe.jobs()),
    check(() => probe.migrations()),
    check(() => probe.eventLoop()),
  ]);
  const checks = { database, jobs, migrations, eventLoop };
  const ready = Object.values(checks).every((c) => c === 'ok');
  return { status: ready ? 'ready' : 'not ready', checks };
}

export function healthRoutes(app: FastifyInstance, probe: ReadinessProbe): void {
  // Liveness asks nothing outside the process: a database outage must not restart every process.
  serveRoute(app, HEALTH_ROUTES.livez, async () => ({ status: 'ok' as const }));
  serveRoute(app, HEALTH_ROUTES.live, async () => ({ status: 'ok' as const }));

  serveRoute(app, HEALTH_ROUTES.ready, async ({ reply }) => {
    const readiness = await readinessOf(probe);
    return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
  });
}
