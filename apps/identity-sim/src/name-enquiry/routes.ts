import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  NAME_ENQUIRY_BATCH_MAX,
  NAME_ENQUIRY_PATHS,
  NameEnquiryBatchRequestSchema,
  NameEnquiryTokenRequestSchema,
  type NameEnquiryBatchResponse,
} from '@portal/optima/name-enquiry/protocol';
import { delayFor, injectedError, type KnobOptions, type RateLimiter } from '../knobs.ts';
import type { TokenStore } from '../token-store.ts';
import { lookupAccount, type Accounts } from './accounts.ts';

export interface NameEnquiryRouteDeps {
  clientId: string;
  clientSecret: string;
  tokens: TokenStore;
  accounts: Accounts;
  knobs: KnobOptions;
  limiter: RateLimiter;
  random: () => number;
  /** Counts each batch's accounts by the status answered. */
  record(results: NameEnquiryBatchResponse['items']): void;
}

/** The name-enquiry protocol (packages/optima/src/name-enquiry/PROTOCOL.md). */
export async function registerNameEnquiryRoutes(
  app: FastifyInstance,
  deps: NameEnquiryRouteDeps,
): Promise<void> {
  await app.register(async (protocol) => {
    protocol.addHook('onRequest', async () => {
      const ms = delayFor(deps.knobs, deps.random);
      if (ms > 0) await sleep(ms);
    });

    protocol.post(NAME_ENQUIRY_PATHS.token, async (request, reply) => {
      const body = NameEnquiryTokenRequestSchema.safeParse(request.body);
      if (!body.success)
        return reply.code(400).send({ message: 'Body must be JSON {clientId, clientSecret}' });
      const ok =
        secretEquals(body.data.clientId, deps.clientId) &&
        secretEquals(body.data.clientSecret, deps.clientSecret);
      if (!ok) return reply.code(401).send({ message: 'Invalid client credentials' });
      return deps.tokens.issue();
    });

    await protocol.register(async (lookups) => {
      // As the identity simulator: rate limit, then the token, then injected failures.
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

      lookups.post(NAME_ENQUIRY_PATHS.batch, async (request, reply) => {
        const batch = NameEnquiryBatchRequestSchema.safeParse(request.body);
        if (!batch.success) {
          const items = (request.body as { items?: unknown } | null)?.items;
          if (Array.isArray(items) && items.length > NAME_ENQUIRY_BATCH_MAX)
            return reply
              .code(400)
              .send({ message: `A batch holds at most ${NAME_ENQUIRY_BATCH_MAX} accounts` });
          const issue = batch.error.issues[0];
          return reply
            .code(400)
            .send({ message: `Invalid body at ${issue?.path.join('.') || 'root'}: ${issue?.message}` });
        }
        const answer: NameEnquiryBatchResponse = {
          items: batch.data.items.map((query) => lookupAccount(deps.accounts, query)),
        };
        deps.record(answer.items);
        return answer;
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
