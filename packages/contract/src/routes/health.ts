import { z } from 'zod';
import { defineRoute } from './define-route.ts';

export const HealthCheckSchema = z.enum(['ok', 'failed']);
export type HealthCheck = z.infer<typeof HealthCheckSchema>;

export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: HealthCheckSchema, jobs: HealthCheckSchema }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

const tags = ['health'];

/** Probes for a load balancer or an orchestrator (server: modules/health/health.routes.ts). */
export const HEALTH_ROUTES = {
  live: defineRoute({
    method: 'GET',
    path: '/healthz',
    public: true,
    tags,
    summary: 'The process is up',
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/readyz',
    public: true,
    tags,
    summary: 'The database and the job queue are reachable',
    response: ReadinessSchema,
    errors: { 503: ReadinessSchema },
  }),
};
