import client from 'prom-client';
import type { FastifyInstance } from 'fastify';

/**
 * The process's Prometheus metrics (issue #37 item 2): one registry per process, gathered with the
 * machine's other portal processes by metrics-exposition.ts. Labels are bounded and carry no
 * personal data: a route's template (never its URL), a method, a status, a queue's name, an
 * outcome from a fixed list, the process's role. Names follow promtool's lint (counters end in
 * _total, nothing else does; histograms, no summaries).
 */
export const registry = new client.Registry();

/** Node's own figures (event-loop delay, heap, GC, CPU), minus those promtool's lint refuses. */
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
// Gauges named *_total: promtool says "non-counter metrics should not have _total suffix".
for (const name of [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
])
  registry.removeSingleMetric(name);

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_SECONDS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600];

export const httpRequestDuration = new client.Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'HTTP requests answered, by route template, method and status, with their time.',
  labelNames: ['route', 'method', 'status_code'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: 'portal_job_duration_seconds',
  help: 'Jobs run by this machine, by queue and outcome (completed, failed), with their time.',
  labelNames: ['queue', 'outcome'] as const,
  buckets: LONG_SECONDS,
  registers: [registry],
});

export const jobFailures = new client.Counter({
  name: 'portal_job_failures_total',
  help: 'Job runs that threw (pg-boss retries them up to their limit), by queue.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const identityLookups = new client.Counter({
  name: 'portal_identity_lookups_total',
  help: 'Identities asked of a tenant identity provider, by outcome (ok, failed, circuit_open, refused).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const identityLookupDuration = new client.Histogram({
  name: 'portal_identity_lookup_duration_seconds',
  help: 'Identity-provider batch calls (retries included), by outcome, with their time.',
  labelNames: ['outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const identityCircuitOpened = new client.Counter({
  name: 'portal_identity_circuit_opened_total',
  help: "Times a provider client's circuit breaker opened (batches failed in a row).",
  registers: [registry],
});

export const uploadDuration = new client.Histogram({
  name: 'portal_upload_duration_seconds',
  help: 'Master-list uploads, by outcome (accepted, rejected, failed), with their time.',
  labelNames: ['outcome'] as const,
  buckets: LONG_SECONDS,
  registers: [registry],
});

export const uploadRows = new client.Counter({
  name: 'portal_upload_rows_total',
  help: 'Rows read from master-list uploads, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const mailMessages = new client.Counter({
  name: 'portal_mail_messages_total',
  help: 'Mail notices handed to the SMTP server (sent) or refused by it (failed).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const smsMessages = new client.Counter({
  name: 'portal_sms_messages_total',
  help: 'SMS handed to a tenant SMPP gateway (sent) or not delivered (failed).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** What the process's database connection looks like now (PGlite: its one thread). */
export interface PoolFigures {
  inUse: number;
  idle: number;
  waiting: number;
}

/** The live sources a scrape reads from; set by the portal once it has opened them. */
export interface MetricSources {
  pool(): PoolFigures;
  /** Jobs waiting per queue (created or retry), read from pg-boss. */
  queueDepths(): Promise<Record<string, number>>;
  /** 1 when /readyz would answer 200. */
  ready(): Promise<boolean>;
}

let sources: MetricSources | undefined;

/** The portal's sources for the gauges below (undefined when it closes). */
export function setMetricSources(next: MetricSources | undefined): void {
  sources = next;
}

new client.Gauge({
  name: 'portal_db_pool_connections',
  help: 'Database connections of the process, by state (in_use, idle); PGlite: its one thread, busy or idle.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const p = sources?.pool();
    if (!p) return;
    this.set({ state: 'in_use' }, p.inUse);
    this.set({ state: 'idle' }, p.idle);
  },
});

new client.Gauge({
  name: 'portal_db_pool_waiting',
  help: 'Queries waiting for a connection (PGlite: for its thread).',
  registers: [registry],
  collect() {
    const p = sources?.pool();
    if (p) this.set(p.waiting);
  },
});

new client.Gauge({
  name: 'portal_job_queue_depth',
  help: 'Jobs waiting to run, by queue (the same for every process: the highest answer is kept).',
  labelNames: ['queue'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    if (!sources) return;
    const depths = await sources.queueDepths().catch(() => undefined);
    if (!depths) return;
    for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
  },
});

new client.Gauge({
  name: 'portal_ready',
  help: '1 when every process of the machine answers /readyz with 200 (the lowest answer is kept).',
  aggregator: 'min',
  registers: [registry],
  async collect() {
    if (!sources) return;
    this.set((await sources.ready().catch(() => false)) ? 1 : 0);
  },
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Each answer is timed under its route's template; a URL no route matched is 'unmatched'. */
export function recordHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** The process's role as a label of every metric: api, worker or all. */
export function labelProcessRole(role: string): void {
  registry.setDefaultLabels({ role });
}
