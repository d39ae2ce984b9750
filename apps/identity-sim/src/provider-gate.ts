import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { delayFor, injectedError, type KnobOptions, type RateLimiter } from './knobs.ts';
import type { TokenStore } from './token-store.ts';

/** What both simulated providers (identity, account names) share in front of their lookups. */
export interface ProviderGateDeps {
  clientId: string;
  clientSecret: string;
  tokens: TokenStore;
  knobs: KnobOptions;
  limiter: RateLimiter;
  random: () => number;
}

export interface ProviderGateOptions {
  tokenPath: string;
  /** The token request's body: {clientId, clientSecret}. */
  tokenSchema: z.ZodType<{ clientId: string; clientSecret: string }>;
  /** The protocol's lookups, registered behind the gate. */
  lookups: (lookups: FastifyInstance) => void | Promise<void>;
}

/**
 * A simulated provider's front: the knobs' latency on every request, the client-credentials token
 * route, and in front of the lookups the refusals in the order a real gateway gives them: rate
 * limit (before any work), then the token, then injected failures, so that a 5xx always means
 * "retry the same request" (DESIGN §5).
 */
export async function registerProviderGate(
  app: FastifyInstance,
  deps: ProviderGateDeps,
  options: ProviderGateOptions,
): Promise<void> {
  await app.register(async (protocol) => {
    protocol.addHook('onRequest', async () => {
      const ms = delayFor(deps.knobs, deps.random);
      if (ms > 0) await sleep(ms);
    });

    protocol.post(options.tokenPath, async (request, reply) => {
      const body = options.tokenSchema.safeParse(request.body);
      if (!body.success)
        return reply.code(400).send({ message: 'Body must be JSON {clientId, clientSecret}' });
      const ok =
        secretEquals(body.data.clientId, deps.clientId) &&
        secretEquals(body.data.clientSecret, deps.clientSecret);
      if (!ok) return reply.code(401).send({ message: 'Invalid client credentials' });
      return deps.tokens.issue();
    });

    await protocol.register(async (lookups) => {
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
      await options.lookups(lookups);
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
