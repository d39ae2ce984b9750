#!/usr/bin/env node
// `npm start`. With NODE_ENV=production: the compiled server (`npm run build` made it;
// scripts/build-server.mjs), no TypeScript loader. Otherwise as before the build existed: the web
// app built when its sources changed, then the server's TypeScript through tsx. One process either
// way (node:cluster's API processes fork this file again: they skip the web build).
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.NODE_ENV === 'production') {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) {
    console.error('NODE_ENV=production runs the compiled server: run `npm run build` first.');
    process.exit(1);
  }
  await import(pathToFileURL(main).href);
} else {
  if (cluster.isPrimary) {
    const web = spawnSync(process.execPath, [path.join(root, 'scripts/build-web-if-changed.mjs')], {
      stdio: 'inherit',
    });
    if (web.status !== 0) process.exit(web.status ?? 1);
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
}
