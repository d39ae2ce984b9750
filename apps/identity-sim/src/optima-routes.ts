import type { FastifyInstance } from 'fastify';
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
import { decryptPayload, encryptPayload, type OptimaKeys } from '@portal/optima/payload-crypto';
import { lookupIdentity, type Population } from './population.ts';
import type { StatsRecorder } from './stats.ts';
import { registerProviderGate, type ProviderGateDeps } from './provider-gate.ts';

export interface OptimaRouteDeps extends ProviderGateDeps {
  keys: OptimaKeys;
  population: Population;
  stats: StatsRecorder;
}

/** The OPTIMA protocol (DESIGN §5; shapes in @portal/optima/protocol). */
export async function registerOptimaRoutes(app: FastifyInstance, deps: OptimaRouteDeps): Promise<void> {
  await registerProviderGate(app, deps, {
    tokenPath: OPTIMA_PATHS.token,
    tokenSchema: OptimaTokenRequestSchema,
    lookups: (lookups) => {
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
    },
  });
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
