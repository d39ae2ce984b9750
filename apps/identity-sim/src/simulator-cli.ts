import { parseArgs } from 'node:util';
import { z } from 'zod';
import { onParentGone, tellParent } from './parent-channel.ts';
import { mulberry32 } from './prng.ts';

/**
 * The command line both simulators share (the identity simulator, main.ts; the account name
 * simulator, name-enquiry/main.ts): their flags read into options, and the process's life from the
 * start to a signal or the parent's end.
 */

/** The options a command line gave: each flag's value under its option name, strings. */
export type CliOptions = Record<string, string> & { random?: () => number };

/**
 * Reads `argv` by `flags` (CLI flag → option name), with --help and --random-seed (a seeded source
 * makes injected errors and jitter repeatable: tests, benchmarks). Values stay strings: each
 * simulator's settings schema coerces and checks them. `preset` comes first, a flag wins over it.
 */
export function parseSimulatorCli(
  argv: string[],
  flags: Record<string, string>,
  preset: Record<string, string> = {},
): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: 'boolean' },
      'random-seed': { type: 'string' },
      ...Object.fromEntries(Object.keys(flags).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  if (values.help) return 'help';
  const given = values as Record<string, string | boolean | undefined>;
  const options: CliOptions = { ...preset };
  for (const [flag, name] of Object.entries(flags)) {
    const value = given[flag];
    if (typeof value === 'string') options[name] = value;
  }
  const randomSeed = given['random-seed'];
  if (typeof randomSeed === 'string') options.random = mulberry32(Number(randomSeed));
  return options;
}

export interface SimulatorMain<O, S extends { url: string; close(): Promise<void> }> {
  /** The name error lines start with ('identity-sim'). */
  name: string;
  /** What a signal closes, in the log line ('the simulator'). */
  what: string;
  usage: string;
  parse(argv: string[]): O | 'help';
  start(options: O): Promise<S>;
  banner(sim: S, options: O): void;
}

/**
 * Runs a simulator as a process: exit 2 with the usage on a bad command line; closed on SIGINT,
 * SIGTERM or its parent's end (a demo portal's child); the banner last, then 'ready' to a parent.
 */
export function runSimulatorMain<O, S extends { url: string; close(): Promise<void> }>(
  spec: SimulatorMain<O, S>,
): void {
  const main = async () => {
    let options: O | 'help';
    try {
      options = spec.parse(process.argv.slice(2));
    } catch (error) {
      console.error(`${(error as Error).message}\n\n${spec.usage}`);
      process.exit(2);
    }
    if (options === 'help') {
      console.log(spec.usage);
      return;
    }
    let sim: S | undefined = undefined; // set once it listens
    let closing = false;
    const shutdown = (reason: string) => {
      if (closing) return;
      closing = true;
      console.log(`${reason}: closing ${spec.what}`);
      if (!sim) process.exit(0); // still starting: nothing to close
      sim.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    // Before starting: a parent that dies meanwhile must not leave us running.
    onParentGone(() => shutdown('parent process gone'));
    sim = await spec.start(options);
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    // The banner comes last: whoever waits for it (a test, a script) may signal us right away.
    spec.banner(sim, options);
    await tellParent({ type: 'ready', url: sim.url });
  };
  main().catch(async (error: unknown) => {
    // Only the message: a stack adds nothing for a CLI user, and zod messages never echo values.
    const message = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    console.error(`${spec.name}: ${message}`);
    const code = (error as NodeJS.ErrnoException).code;
    await tellParent({ type: 'failed', message, ...(typeof code === 'string' ? { code } : {}) });
    process.exit(1);
  });
}
