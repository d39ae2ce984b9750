import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnServer, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * Issue #31 item 16: the README says the start banner (the URL, the sign-ins, the claim page) is
 * the last thing printed; at the default log level, the JSON 'Server listening' line came after it
 * (pino writes asynchronously, the banner synchronously).
 */
const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

it('the start banner is the last thing printed, after every log line of the start', async () => {
  const dataDir = tempDir('portal-banner-');
  const server = await spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
  });
  started.push(server);
  await waitHealthy(server.port);
  const claimLine = /claim their account at http:\/\/demo\.[^ ]+\/register-employee$/;
  const end = Date.now() + 30_000;
  while (!server.output().includes('register-employee') && Date.now() < end)
    await new Promise((r) => setTimeout(r, 100));
  // Anything written late (an asynchronous log line) arrives within this.
  await new Promise((r) => setTimeout(r, 1500));
  const lines = server
    .output()
    .split('\n')
    .filter((l) => l.trim() !== '');
  expect(lines.some((l) => l.includes('Server listening'))).toBe(true);
  expect(lines.at(-1)).toMatch(claimLine);
  const banner = lines.findIndex((l) => l.startsWith('Verification Portal is running at'));
  expect(banner).toBeGreaterThan(0);
  expect(lines.slice(banner).filter((l) => l.startsWith('{'))).toEqual([]);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}, 120_000);
