import path from 'node:path';
import { DEMO_CREDENTIALS, DEMO_POPULATION_FILE } from '@portal/optima/demo-provider';
import { parseSimulatorCli, runSimulatorMain } from './simulator-cli.ts';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator.ts';

/** CLI of the OPTIMA simulator: `npm run sim -- --generate 1000 --seed 7 --port 4010`. */
const USAGE = `Usage: npm run sim -- [options]

  --port N                  port to listen on (default 4010; 0 = any free port)
  --host H                  address to listen on (default 127.0.0.1)
  --client-id ID            accepted clientId (default ${DEMO_CREDENTIALS.clientId})
  --client-secret S         accepted clientSecret (default ${DEMO_CREDENTIALS.clientSecret})
  --aes-key K               32-byte AES key, base64 or hex (default: the demo key)
  --iv V                    16-byte IV, base64 or hex (default: the demo iv)
  --token-ttl SECONDS       lifetime of access tokens (default 3600)
  --people FILE.csv         population file (nin,ssid,psn,fullName,firstName,lastName,dateOfBirth,
                            gender,ministry,department,gradeLevel,biometricsEnrolled)
  --generate N              add N deterministic generated people
  --seed S                  seed of the generated people (default 1)
  --no-biometrics-share X   share 0..1 of generated people without biometrics (default 0.03)
  --latency-ms MS           delay added to every protocol request (default 0)
  --jitter-ms MS            extra random delay in [0, MS] (default 0)
  --error-rate X            share 0..1 of lookup requests answered 500/503 (default 0)
  --rate-limit N            lookup requests per second before 429 + Retry-After (default: none)
  --random-seed S           seed the randomness of injected errors and jitter (default: unseeded)
  --help                    show this text

Without --people or --generate the demo population is served (examples/sot-population.csv).`;

/** CLI flag → programmatic option name. */
const FLAGS = {
  port: 'port',
  host: 'host',
  'client-id': 'clientId',
  'client-secret': 'clientSecret',
  'aes-key': 'aesKey',
  iv: 'iv',
  'token-ttl': 'tokenTtlSeconds',
  people: 'peopleFile',
  generate: 'generate',
  seed: 'seed',
  'no-biometrics-share': 'noBiometricsShare',
  'latency-ms': 'latencyMs',
  'jitter-ms': 'jitterMs',
  'error-rate': 'errorRate',
  'rate-limit': 'rateLimit',
} as const satisfies Record<string, keyof SimulatorOptions>;

/** Secrets given on the command line are not echoed; only the public demo ones are printed. */
function shown(value: string, demo: string, flag: string): string {
  return value === demo ? value : `(as given with ${flag})`;
}

function printBanner(sim: RunningSimulator, source: string): void {
  const { settings } = sim;
  const lines = [
    `OPTIMA identity simulator listening on ${sim.url}`,
    `  people:        ${sim.population.size.toLocaleString('en')} (${source})`,
    `  clientId:      ${settings.clientId}`,
    `  clientSecret:  ${shown(settings.clientSecret, DEMO_CREDENTIALS.clientSecret, '--client-secret')}`,
    `  aesKey:        ${shown(settings.aesKey, DEMO_CREDENTIALS.aesKey, '--aes-key')}`,
    `  iv:            ${shown(settings.iv, DEMO_CREDENTIALS.iv, '--iv')}`,
    `  token ttl:     ${settings.tokenTtlSeconds} s`,
  ];
  const knobs = [
    settings.latencyMs || settings.jitterMs ? `latency ${settings.latencyMs}+${settings.jitterMs} ms` : '',
    settings.errorRate ? `error rate ${settings.errorRate}` : '',
    settings.rateLimit ? `rate limit ${settings.rateLimit}/s` : '',
  ].filter(Boolean);
  if (knobs.length > 0) lines.push(`  knobs:         ${knobs.join(', ')}`);
  console.log(lines.join('\n'));
}

function describeSource(options: SimulatorOptions): string {
  const parts: string[] = [];
  if (options.peopleFile) parts.push(path.relative(process.cwd(), path.resolve(String(options.peopleFile))));
  if (options.generate !== undefined) parts.push(`generated, seed ${options.seed ?? 1}`);
  return parts.length > 0 ? parts.join(' + ') : path.relative(process.cwd(), DEMO_POPULATION_FILE);
}

runSimulatorMain({
  name: 'identity-sim',
  what: 'the simulator',
  usage: USAGE,
  parse: (argv) => parseSimulatorCli(argv, FLAGS) as SimulatorOptions | 'help',
  start: (options: SimulatorOptions) => startSimulator(options),
  banner: (sim: RunningSimulator, options) => printBanner(sim, describeSource(options)),
});
