import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const appDir = fileURLToPath(new URL('../..', import.meta.url));

it('npm run sim:accounts: prints its URL, serves the demo accounts, and exits 0 on SIGTERM', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/name-enquiry/main.ts', '--port', '0'], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', () => reject(new Error(output)));
  });
  expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok', accounts: 1932 });
  expect(output).toContain('clientId:      demo-accounts-client');
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
