import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface ReadinessProbe {
  database(): Promise<void>;
  jobs(): Promise<void>;
}

const CheckSchema = z.enum(['ok', 'failed']);
const ReadySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: CheckSchema, jobs: CheckSchema }),
});

async function check(fn: () => Promise<void>): Promise<'ok' | 'failed'> {
  try {
    await fn();
    return 'ok';
  } catch {
    return 'failed';
  }
}

export function healthRoutes(app: FastifyInstance, probe: ReadinessProbe): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/healthz', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'The process is up',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  r.get('/readyz', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'The database and the job queue are reachable',
      response: { 200: ReadySchema, 503: ReadySchema },
    },
    handler: async (_request, reply) => {
      const [database, jobs] = await Promise.all([check(probe.database), check(probe.jobs)]);
      const ready = database === 'ok' && jobs === 'ok';
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not ready', checks: { database, jobs } });
    },
  });
}
