import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { z } from 'zod';
import { DEMO_ACCOUNT_CREDENTIALS, DEMO_ACCOUNTS_FILE } from '@portal/optima/name-enquiry/demo-accounts';
import type { AccountStatus } from '@portal/optima/name-enquiry/protocol';
import { createRateLimiter } from '../knobs.ts';
import { createTokenStore } from '../token-store.ts';
import { loadAccounts, type Accounts, type KnownAccount } from './accounts.ts';
import { registerNameEnquiryRoutes } from './routes.ts';

export const DEFAULT_ACCOUNT_SIM_PORT = 4011;

/** Settings of an account simulator; coercing, so the CLI passes its strings through it. */
export const AccountSimulatorSettingsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(DEFAULT_ACCOUNT_SIM_PORT),
  host: z.string().min(1).default('127.0.0.1'),
  clientId: z.string().min(1).default(DEMO_ACCOUNT_CREDENTIALS.clientId),
  clientSecret: z.string().min(1).default(DEMO_ACCOUNT_CREDENTIALS.clientSecret),
  tokenTtlSeconds: z.coerce.number().int().positive().default(3600),
  accountsFile: z.string().min(1).default(DEMO_ACCOUNTS_FILE),
  latencyMs: z.coerce.number().min(0).default(0),
  jitterMs: z.coerce.number().min(0).default(0),
  errorRate: z.coerce.number().min(0).max(1).default(0),
  /** Batch requests per second; 0 = no limit. */
  rateLimit: z.coerce.number().min(0).default(0),
});
export type AccountSimulatorSettings = z.infer<typeof AccountSimulatorSettingsSchema>;

export type AccountSimulatorOptions = z.input<typeof AccountSimulatorSettingsSchema> & {
  /** Ready accounts; when given, accountsFile is not read. */
  accounts?: ReadonlyMap<string, KnownAccount>;
  clock?: () => number;
  random?: () => number;
};

export interface RunningAccountSimulator {
  /** The provider's base URL, i.e. a tenant's accountProvider.apiBaseUrl. */
  url: string;
  port: number;
  accounts: Accounts;
  settings: AccountSimulatorSettings;
  /** Accounts answered so far, by status. */
  answered(): Record<AccountStatus, number>;
  close(): Promise<void>;
}

/** Starts a name-enquiry simulator; with no accounts given it serves the demo accounts file. */
export async function startAccountSimulator(
  options: AccountSimulatorOptions = {},
): Promise<RunningAccountSimulator> {
  const { accounts: given, clock = Date.now, random = Math.random, ...rest } = options;
  const settings = AccountSimulatorSettingsSchema.parse(rest);
  const accounts = given ?? (await loadAccounts(settings.accountsFile));
  const answered: Record<AccountStatus, number> = { FOUND: 0, CLOSED: 0, NOT_FOUND: 0 };

  // No request logger: requests carry account numbers and tokens.
  const app = Fastify({ logger: false });
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const clientError = status >= 400 && status < 500;
    const message = clientError && error instanceof Error ? error.message : 'Internal server error';
    return reply.code(clientError ? status : 500).send({ message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  app.get('/healthz', async () => ({ status: 'ok', accounts: accounts.size }));
  app.get('/stats', async () => ({ answered }));
  await registerNameEnquiryRoutes(app, {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    tokens: createTokenStore(settings.tokenTtlSeconds, clock),
    accounts,
    knobs: settings,
    limiter: createRateLimiter(settings.rateLimit, clock),
    random,
    record: (results) => {
      for (const r of results) answered[r.status] += 1;
    },
  });

  await app.listen({ port: settings.port, host: settings.host });
  const { port } = app.server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}`,
    port,
    accounts,
    settings,
    answered: () => ({ ...answered }),
    close: () => app.close(),
  };
}
