#!/usr/bin/env node
// Runs a command with TEST_DATABASE_URL set to the admin URL of a throwaway PostgreSQL cluster.
import { spawn } from 'node:child_process';
import { startCluster } from './pg-cluster.mjs';

const cluster = await startCluster();
const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: cluster.url } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
