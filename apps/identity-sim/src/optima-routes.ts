import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  OPTIMA_BATCH_MAX,
  OPTIMA_PATHS,
  OptimaBatchQuerySchema,
  OptimaEnvelopeSchema,
  OptimaLookupQuerySchema,
  OptimaTokenRequestSchema,
  type OptimaBatchResult,
} from '@portal/optima/protocol';
import { delayFor, injectedError, type KnobOptions, type RateLimiter } from './knobs.ts';
import { decryptPayload, encryptPayload, type OptimaKeys } from '@portal/optima/payload-crypto';
import { lookupIdentity, type Population } from './population.ts';
import type { StatsRecorder } from './stats.ts';
import type { TokenStore } from './token-store.ts';

export interface OptimaRouteDeps {
  clientId: string;
  clientSecret: string;
  keys: OptimaKeys;
  tokens: TokenStore;
  population: Population;
  knobs: KnobOptions;
  limiter: RateLimiter;
  stats: StatsRecorder;
  random: () => number;
}

/** The OPTIMA protocol (DESIGN §5; shapes in @portal/optima/protocol). */
export async function registerOptimaRoutes(app: FastifyInstance, deps: OptimaRouteDeps): Promise<void> {
  await app.register(async (protocol) => {
    protocol.addHook('onRequest', async () => {
      const ms = delayFor(deps.knobs, deps.random);
      if (ms > 0) await sleep(ms);
    });

    protocol.post(OPTIMA_PATHS.token, async (request, reply) => {
      const body = OptimaTokenRequestSchema.safeParse(request.body);
      if (!body.success)
        return reply.code(400).send({ message: 'Body must be JSON {clientId, clientSecret}' });
      const ok =
        secretEquals(body.data.clientId, deps.clientId) &&
        secretEquals(body.data.clientSecret, deps.clientSecret);
      if (!ok) return reply.code(401).send({ message: 'Invalid client credentials' });
      return deps.tokens.issue();
    });

    await protocol.register(async (lookups) => {
      // Order of refusals: rate limit (as a gateway would, before any work), then the token, then
      // injected failures, so a 5xx always means "retry the same request".
      lookups.addHook('onRequest', async (request, reply) => {
        const retryAfter = deps.limiter.take();
        if (retryAfter !== undefined) {
          return reply
            .code(429)
            .header('retry-after', String(retryAfter))
            .send({ message: 'Too many requests' });
        }
        if (!hasValidToken(request, deps.tokens)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'Missing, invalid or expired access token' });
        }
        const failure = injectedError(deps.knobs.errorRate, deps.random);
        if (failure) return reply.code(failure).send({ message: 'Simulated provider failure' });
      });

      lookups.post(OPTIMA_PATHS.lookup, async (request, reply) => {
        const query = decryptBody(request.body, deps.keys, OptimaLookupQuerySchema);
        if (!query.ok) return reply.code(400).send({ message: query.message });
        const result = lookupIdentity(deps.population, query.data);
        deps.stats.recordIdentities(1, result.found ? 1 : 0);
        return { payload: encryptPayload(deps.keys, result) };
      });

      lookups.post(OPTIMA_PATHS.lookupBatch, async (request, reply) => {
        const batch = decryptBody(request.body, deps.keys, OptimaBatchQuerySchema);
        if (!batch.ok) return reply.code(400).send({ message: batch.message });
        const result: OptimaBatchResult = {
          items: batch.data.items.map((query) => lookupIdentity(deps.population, query)),
        };
        const found = result.items.filter((item) => item.found).length;
        deps.stats.recordIdentities(result.items.length, found);
        return { payload: encryptPayload(deps.keys, result) };
      });
    });
  });
}

function hasValidToken(request: FastifyRequest, tokens: TokenStore): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && tokens.isValid(match[1]);
}

/** Constant-time comparison, so response timing does not reveal how much of a secret matched. */
function secretEquals(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

type Decrypted<T> = { ok: true; data: T } | { ok: false; message: string };

function decryptBody<T>(body: unknown, keys: OptimaKeys, schema: z.ZodType<T>): Decrypted<T> {
  const envelope = OptimaEnvelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, message: 'Body must be JSON {payload}' };
  let value: unknown;
  try {
    value = decryptPayload(keys, envelope.data.payload);
  } catch {
    return { ok: false, message: 'The payload could not be decrypted with the agreed key and iv' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const items = (value as { items?: unknown } | null)?.items;
  if (Array.isArray(items) && items.length > OPTIMA_BATCH_MAX) {
    return { ok: false, message: `A batch holds at most ${OPTIMA_BATCH_MAX} identities` };
  }
  const issue = parsed.error.issues[0];
  return { ok: false, message: `Invalid payload at ${issue?.path.join('.') || 'root'}: ${issue?.message}` };
}
