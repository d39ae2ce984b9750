import { z } from 'zod';
import { defineRoute } from './define-route.ts';

export const HealthCheckSchema = z.enum(['ok', 'failed']);
export type HealthCheck = z.infer<typeof HealthCheckSchema>;

export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    database: HealthCheckSchema,
    jobs: HealthCheckSchema,
    /** Every migration this process's code knows is applied. */
    migrations: HealthCheckSchema,
    /** The event loop's mean delay is under READY_MAX_EVENT_LOOP_DELAY_MS. */
    eventLoop: HealthCheckSchema,
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

const tags = ['health'];

/** Probes for a load balancer or an orchestrator (server: modules/health/health.routes.ts). */
export const HEALTH_ROUTES = {
  /** Liveness from the process alone (never the database): restart the process when it fails. */
  livez: defineRoute({
    method: 'GET',
    path: '/livez',
    public: true,
    tags,
    summary: 'The process answers (it asks nothing of the database)',
    response: z.object({ status: z.literal('ok') }),
  }),
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
    summary:
      'Ready for traffic: the database and the job queue answer, no migration is pending, the event loop keeps up',
    response: ReadinessSchema,
    errors: { 503: ReadinessSchema },
  }),
};
