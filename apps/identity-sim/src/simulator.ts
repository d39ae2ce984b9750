import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { z } from 'zod';
import { DEMO_CREDENTIALS } from '@portal/optima/demo-provider';
import { parseOptimaKeys } from '@portal/optima/payload-crypto';
import { MAX_GENERATED_PEOPLE } from './generated-population.ts';
import { createRateLimiter } from './knobs.ts';
import { registerOptimaRoutes } from './optima-routes.ts';
import { loadPopulation, type Population } from './population.ts';
import { createStatsRecorder, type SimulatorStats } from './stats.ts';
import { createTokenStore } from './token-store.ts';

export const DEFAULT_SIMULATOR_PORT = 4010;

/**
 * Settings of a simulator; coercing, so the CLI can pass its strings through the same schema.
 * Numbers in milliseconds, seconds or shares as named.
 */
export const SimulatorSettingsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SIMULATOR_PORT),
  host: z.string().min(1).default('127.0.0.1'),
  clientId: z.string().min(1).default(DEMO_CREDENTIALS.clientId),
  clientSecret: z.string().min(1).default(DEMO_CREDENTIALS.clientSecret),
  aesKey: z.string().min(1).default(DEMO_CREDENTIALS.aesKey),
  iv: z.string().min(1).default(DEMO_CREDENTIALS.iv),
  tokenTtlSeconds: z.coerce.number().int().positive().default(3600),
  latencyMs: z.coerce.number().min(0).default(0),
  jitterMs: z.coerce.number().min(0).default(0),
  errorRate: z.coerce.number().min(0).max(1).default(0),
  /** Lookup requests per second; 0 = no limit. */
  rateLimit: z.coerce.number().min(0).default(0),
  peopleFile: z.string().min(1).optional(),
  generate: z.coerce.number().int().min(0).max(MAX_GENERATED_PEOPLE).optional(),
  seed: z.coerce.number().int().default(1),
  noBiometricsShare: z.coerce.number().min(0).max(1).default(0.03),
});
export type SimulatorSettings = z.infer<typeof SimulatorSettingsSchema>;

export type SimulatorOptions = z.input<typeof SimulatorSettingsSchema> & {
  /** A ready population; when given, peopleFile/generate/seed/noBiometricsShare are ignored. */
  population?: Population;
  /** Milliseconds since the epoch; tests move it to expire tokens without waiting. */
  clock?: () => number;
  /** Source of randomness for jitter and injected errors. */
  random?: () => number;
};

export interface RunningSimulator {
  /** Base URL of the protocol, i.e. a tenant's apiBaseUrl, e.g. http://127.0.0.1:4010. */
  url: string;
  port: number;
  population: Population;
  settings: SimulatorSettings;
  stats(): SimulatorStats;
  close(): Promise<void>;
}

/**
 * Starts an OPTIMA simulator. With neither peopleFile nor generate it serves the demo population
 * (DEMO_POPULATION_FILE). Throws on invalid settings or key material.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { population: given, clock = Date.now, random = Math.random, ...rest } = options;
  const settings = SimulatorSettingsSchema.parse(rest);
  const keys = parseOptimaKeys(settings.aesKey, settings.iv);
  const population = given ?? (await loadPopulation(settings));
  const stats = createStatsRecorder(clock);

  // No request logger: requests carry identities and tokens; /stats gives the counts instead.
  const app = Fastify({ logger: false });
  app.addHook('onResponse', async (request, reply) => {
    stats.recordRequest(request.routeOptions.url ?? 'unmatched', reply.statusCode);
  });
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const clientError = status >= 400 && status < 500;
    // Fastify's own 4xx messages (bad JSON, wrong content type) are safe; anything else is hidden.
    const message = clientError && error instanceof Error ? error.message : 'Internal server error';
    return reply.code(clientError ? status : 500).send({ message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  app.get('/healthz', async () => ({ status: 'ok', people: population.size }));
  app.get('/stats', async () => stats.snapshot());
  await registerOptimaRoutes(app, {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    keys,
    tokens: createTokenStore(settings.tokenTtlSeconds, clock),
    population,
    knobs: settings,
    limiter: createRateLimiter(settings.rateLimit, clock),
    stats,
    random,
  });

  await app.listen({ port: settings.port, host: settings.host });
  const { port } = app.server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}`,
    port,
    population,
    settings,
    stats: () => stats.snapshot(),
    close: () => app.close(),
  };
}
