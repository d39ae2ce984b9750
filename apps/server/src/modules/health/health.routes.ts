import type { FastifyInstance } from 'fastify';
import { HEALTH_ROUTES, type HealthCheck } from '@portal/contract/routes/health';
import { serveRoute } from '../../access/route.ts';

export interface ReadinessProbe {
  database(): Promise<void>;
  jobs(): Promise<void>;
}

async function check(fn: () => Promise<void>): Promise<HealthCheck> {
  try {
    await fn();
    return 'ok';
  } catch {
    return 'failed';
  }
}

export function healthRoutes(app: FastifyInstance, probe: ReadinessProbe): void {
  serveRoute(app, HEALTH_ROUTES.live, async () => ({ status: 'ok' as const }));

  serveRoute(app, HEALTH_ROUTES.ready, async ({ reply }) => {
    const [database, jobs] = await Promise.all([check(probe.database), check(probe.jobs)]);
    const ready = database === 'ok' && jobs === 'ok';
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks: { database, jobs } });
  });
}
