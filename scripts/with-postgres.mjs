#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster on 127.0.0.1, with TEST_DATABASE_URL set
// to its admin URL; the cluster is removed afterwards. Uses Debian's binaries (package postgresql).
// As root, the cluster runs as the `postgres` system user (PostgreSQL refuses to run as root).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBin(name) {
  const roots = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const versions = roots.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${name} not found: install Debian's postgresql package`);
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const asRoot = process.getuid?.() === 0;
const runAs = (bin, args) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'inherit' })
    : execFileSync(bin, args, { stdio: 'inherit' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
fs.chmodSync(dir, 0o755);
const dataDir = path.join(dir, 'data');
if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
const port = await freePort();
runAs(findBin('initdb'), ['-D', dataDir, '-U', 'portal', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N']);
runAs(findBin('pg_ctl'), [
  '-D',
  dataDir,
  '-l',
  path.join(dir, 'server.log'),
  '-w',
  '-t',
  '60',
  '-o',
  `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300`,
  'start',
]);
const stop = () => {
  try {
    runAs(findBin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
};

const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: `postgres://portal@127.0.0.1:${port}/postgres` },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
