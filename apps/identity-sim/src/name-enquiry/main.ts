import path from 'node:path';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import { parseSimulatorCli, runSimulatorMain } from '../simulator-cli.ts';
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
  const preset: Record<string, string> = process.env.ACCOUNT_SIM_PORT
    ? { port: process.env.ACCOUNT_SIM_PORT }
    : {};
  const options = parseSimulatorCli(argv, FLAGS, preset);
  if (options !== 'help' && options.accountsFile) options.accountsFile = path.resolve(options.accountsFile);
  return options as AccountSimulatorOptions | 'help';
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

runSimulatorMain({
  name: 'account-sim',
  what: 'the account simulator',
  usage: USAGE,
  parse: parseCli,
  start: startAccountSimulator,
  banner: (sim: RunningAccountSimulator) => printBanner(sim),
});
