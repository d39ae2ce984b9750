#!/usr/bin/env node
// `npm start` runs this before the server: it builds the web app (vite build, about 10 s) only when
// its inputs changed since the build in apps/web/dist. The inputs are hashed by content (a fresh
// clone has new mtimes but the same bytes) and the hash is kept in apps/web/dist/.build-stamp; no
// dist, no stamp or another hash means a build. `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.build-stamp');

/** What the bundle is made of: the web app's sources and config, the contract, the dependency tree. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/register-employee.html',
  'apps/web/agent.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.field.config.ts',
  'apps/web/scripts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package.json',
  'package-lock.json',
];
// Tests are not part of the bundle: changing one needs no build.
const SKIP = /\.test\.tsx?$/;

function filesOf(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !SKIP.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

function inputsHash() {
  const hash = crypto.createHash('sha256');
  const files = INPUTS.flatMap(filesOf)
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = inputsHash();
const built = fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(stampFile);
if (built && fs.readFileSync(stampFile, 'utf8').trim() === current) {
  console.log('Web app is up to date (apps/web/dist); not rebuilding.');
  process.exit(0);
}

console.log(
  built ? 'Web app sources changed: rebuilding apps/web/dist...' : 'Building the web app (apps/web/dist)...',
);
// An interrupted build must not leave a stamp behind that vouches for a half-written dist.
fs.rmSync(stampFile, { force: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build', '-w', '@portal/web'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (result.status !== 0) process.exit(result.status ?? 1);
// The hash taken before the build: a source edited during it makes the next start build again.
fs.writeFileSync(stampFile, `${current}\n`);
