import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { onParentGone, tellParent } from '../parent-channel.ts';
import { mulberry32 } from '../prng.ts';
import {
  DEFAULT_ACCOUNT_SIM_PORT,
  startAccountSimulator,
  type AccountSimulatorOptions,
  type RunningAccountSimulator,
} from './simulator.ts';

/** CLI of the name-enquiry simulator: `npm run sim:accounts -- --port 4011`. */
const USAGE = `Usage: npm run sim:accounts -- [options]

  --port N              port to listen on (default ${DEFAULT_ACCOUNT_SIM_PORT}, or ACCOUNT_SIM_PORT; 0 = any free port)
  --host H              address to listen on (default 127.0.0.1)
  --client-id ID        accepted clientId (default ${DEMO_ACCOUNT_CREDENTIALS.clientId})
  --client-secret S     accepted clientSecret (default ${DEMO_ACCOUNT_CREDENTIALS.clientSecret})
  --token-ttl SECONDS   lifetime of access tokens (default 3600)
  --accounts FILE.csv   accounts file (bankCode,accountNumber,status,accountName,bvn; status FOUND
                        or CLOSED; an account not listed is NOT_FOUND)
  --latency-ms MS       delay added to every protocol request (default 0)
  --jitter-ms MS        extra random delay in [0, MS] (default 0)
  --error-rate X        share 0..1 of batch requests answered 500/503 (default 0)
  --rate-limit N        batch requests per second before 429 + Retry-After (default: none)
  --random-seed S       seed the randomness of injected errors and jitter (default: unseeded)
  --help                show this text

Without --accounts the demo accounts are served (examples/bank-accounts.csv).`;

const FLAGS = {
  port: 'port',
  host: 'host',
  'client-id': 'clientId',
  'client-secret': 'clientSecret',
  'token-ttl': 'tokenTtlSeconds',
  accounts: 'accountsFile',
  'latency-ms': 'latencyMs',
  'jitter-ms': 'jitterMs',
  'error-rate': 'errorRate',
  'rate-limit': 'rateLimit',
} as const satisfies Record<string, keyof AccountSimulatorOptions>;

function parseCli(argv: string[]): AccountSimulatorOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: 'boolean' },
      'random-seed': { type: 'string' },
      ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  if (values.help) return 'help';
  const given = values as Record<string, string | boolean | undefined>;
  const options: Record<string, string> = {};
  if (process.env.ACCOUNT_SIM_PORT) options.port = process.env.ACCOUNT_SIM_PORT;
  for (const [flag, name] of Object.entries(FLAGS)) {
    const value = given[flag];
    if (typeof value === 'string') options[name] = value;
  }
  if (options.accountsFile) options.accountsFile = path.resolve(options.accountsFile);
  const randomSeed = given['random-seed'];
  return typeof randomSeed === 'string'
    ? { ...(options as AccountSimulatorOptions), random: mulberry32(Number(randomSeed)) }
    : (options as AccountSimulatorOptions);
}

function printBanner(sim: RunningAccountSimulator): void {
  const { settings } = sim;
  const secret =
    settings.clientSecret === DEMO_ACCOUNT_CREDENTIALS.clientSecret
      ? settings.clientSecret
      : '(as given with --client-secret)';
  console.log(
    [
      `Name-enquiry account simulator listening on ${sim.url}`,
      `  accounts:      ${sim.accounts.size.toLocaleString('en')} (${path.relative(process.cwd(), settings.accountsFile)})`,
      `  clientId:      ${settings.clientId}`,
      `  clientSecret:  ${secret}`,
      `  token ttl:     ${settings.tokenTtlSeconds} s`,
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  let options: AccountSimulatorOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  let sim: RunningAccountSimulator | undefined = undefined;
  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    console.log(`${reason}: closing the account simulator`);
    if (!sim) process.exit(0);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  onParentGone(() => shutdown('parent process gone'));
  sim = await startAccountSimulator(options);
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  printBanner(sim);
  await tellParent({ type: 'ready', url: sim.url });
}

main().catch(async (error: unknown) => {
  const message = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
  console.error(`account-sim: ${message}`);
  const code = (error as NodeJS.ErrnoException).code;
  await tellParent({ type: 'failed', message, ...(typeof code === 'string' ? { code } : {}) });
  process.exit(1);
});
