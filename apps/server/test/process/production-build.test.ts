import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  loginProcess,
  PROCESS_CSRF,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

/**
 * Issue #37 item 1: `npm run build` compiles the server, the simulator and the packages, and
 * NODE_ENV=production runs the compiled files with no TypeScript loader: not in the server, not in
 * the upload's worker thread, not in the demo simulator's process. The server is started behind a
 * guard (helpers/no-typescript-loader.mjs) that fails any import of tsx or of a .ts file, so a file
 * read by path that the build left behind shows as a failed start or a failed upload.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const guard = path.resolve(import.meta.dirname, '../helpers/no-typescript-loader.mjs');
const COMPILED_ENTRY = ['--import', guard, 'dist/main.js'];
/** Production, on PGlite's demo defaults (a production start has no demo unless asked for). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DEMO: 'true',
  // The demo simulator too: its compiled entry is checked below.
  DEMO_IDENTITY_SIMULATOR: 'true',
  PORTAL_SECRET: 'production-build-test-secret-0123456789',
};

const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);

/** Command lines of a process's children (the demo simulator among them). */
function childCommands(pid: number): string[] {
  return fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((child) => fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' '));
}

async function waitForBanner(server: ServerProcess): Promise<void> {
  const end = Date.now() + 90_000;
  while (!server.output().includes('register-employee') && Date.now() < end) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('the compiled server starts in production on PGlite, signs in and reads an upload, with no tsx', async () => {
  const dataDir = tempDir('portal-compiled-');
  const server = await spawnServer(
    { ...PRODUCTION, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') },
    [],
    COMPILED_ENTRY,
  );
  started.push(server);
  await waitHealthy(server.port, 90_000);
  await waitForBanner(server);
  expect(server.output()).toContain(`Verification Portal is running at http://localhost:${server.port}`);
  const base = `http://127.0.0.1:${server.port}`;

  const token = await loginProcess(base, 'tenant.admin@demo.local', 'Demo12345!');
  const me = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe('tenant.admin@demo.local');

  // An upload runs the ingest worker, which imports the master list's kind by its module's URL.
  const lines = fs.readFileSync(path.join(repoRoot, 'examples/master-list.csv'), 'utf8').split('\n');
  const form = new FormData();
  form.append('file', new Blob([lines.slice(0, 4).join('\n') + '\n']), 'master-list.csv');
  const upload = await fetch(`${base}/api/v1/records/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...PROCESS_CSRF },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  expect(await upload.json()).toMatchObject({ newRecordsCreated: 3 });

  const pid = server.child.pid!;
  const own = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  expect(own).toContain('dist/main.js');
  expect(own).not.toContain('tsx');
  const simulator = childCommands(pid).filter((c) => c.includes('--people'));
  expect(simulator).toHaveLength(1);
  expect(simulator[0]).toContain('dist/main.js');
  expect(simulator[0]).not.toContain('tsx');
  expect(server.output()).not.toMatch(/TypeScript imported|tsx imported/);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}, 180_000);

it('the guard fails a start that loads TypeScript (so the test above can fail)', async () => {
  const dataDir = tempDir('portal-guarded-ts-');
  const server = await spawnServer(
    { ...PRODUCTION, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') },
    [],
    ['--import', guard, 'src/main.ts'],
  );
  started.push(server);
  expect(await server.exited).not.toBe(0);
  expect(server.output()).toMatch(/TypeScript imported: file:.*src\/main\.ts/);
}, 60_000);
