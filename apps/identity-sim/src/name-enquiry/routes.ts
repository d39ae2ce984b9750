import type { FastifyInstance } from 'fastify';
import {
  NAME_ENQUIRY_BATCH_MAX,
  NAME_ENQUIRY_PATHS,
  NameEnquiryBatchRequestSchema,
  NameEnquiryTokenRequestSchema,
  type NameEnquiryBatchResponse,
} from '@portal/optima/name-enquiry/protocol';
import { registerProviderGate, type ProviderGateDeps } from '../provider-gate.ts';
import { lookupAccount, type Accounts } from './accounts.ts';

export interface NameEnquiryRouteDeps extends ProviderGateDeps {
  accounts: Accounts;
  /** Counts each batch's accounts by the status answered. */
  record(results: NameEnquiryBatchResponse['items']): void;
}

/** The name-enquiry protocol (packages/optima/src/name-enquiry/PROTOCOL.md). */
export async function registerNameEnquiryRoutes(
  app: FastifyInstance,
  deps: NameEnquiryRouteDeps,
): Promise<void> {
  await registerProviderGate(app, deps, {
    tokenPath: NAME_ENQUIRY_PATHS.token,
    tokenSchema: NameEnquiryTokenRequestSchema,
    lookups: (lookups) => {
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
    },
  });
}
