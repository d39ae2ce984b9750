import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs the CLI as a user would, until `stop` resolves; returns its output and exit code. */
function runCli(args: string[], stop: (url: string) => Promise<void>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ output: string; code: number | null }>((resolve, reject) => {
    let stopping = false;
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (!url || stopping) return;
      stopping = true;
      stop(url).then(
        () => child.kill('SIGTERM'),
        (error: unknown) => {
          child.kill('SIGTERM');
          reject(error as Error);
        },
      );
    });
    child.on('exit', (code) => resolve({ output, code }));
  });
}

describe('identity-sim CLI', () => {
  it('prints its URL and public demo credentials, serves, and exits 0 on SIGTERM', async () => {
    let health: unknown;
    const { output, code } = await runCli(['--port', '0', '--generate', '25', '--seed', '7'], async (url) => {
      health = await (await fetch(`${url}/healthz`)).json();
    });
    expect(health).toEqual({ status: 'ok', people: 25 });
    expect(output).toContain('clientId:      demo-client');
    expect(output).toContain('clientSecret:  demo-secret');
    expect(output).toContain('SIGTERM: closing the simulator');
    expect(code).toBe(0);
  }, 30_000);

  it('does not echo a secret given on the command line', async () => {
    const { output, code } = await runCli(
      ['--port', '0', '--generate', '1', '--client-secret', 'very-private-secret'],
      async () => {},
    );
    expect(output).not.toContain('very-private-secret');
    expect(output).toContain('(as given with --client-secret)');
    expect(code).toBe(0);
  }, 30_000);

  it('refuses invalid knobs with a message and exit code 1', async () => {
    const { output, code } = await runCli(['--port', '0', '--error-rate', '2'], async () => {});
    expect(code).toBe(1);
    expect(output).toMatch(/errorRate/);
  }, 30_000);
});
