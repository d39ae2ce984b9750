// Start time and memory of one API process (issue #37 item 1): the server's TypeScript through tsx
// (`npm start`) against the compiled server (`npm run build`, then NODE_ENV=production npm start),
// on PGlite's demo defaults without the demo records. Each start is timed from spawn to the first
// answer on the port (/healthz), twice per run: on a fresh data directory (migrations, demo seed)
// and again on the same directory (a restart, what an upgrade or a crash costs). Memory is the
// process's resident set once it answers, then after a sign-in and 200 authenticated requests.
// The runs alternate between the two so that a change in the machine's load falls on both.
// Run: npm run build:server && npm run bench:start   (BENCH_RUNS, default 3)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, login, startPortal } from './lib/portal-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Start {
  seconds: number;
  rssMb: number;
  rssAfterMb: number;
}

/** Starts a portal on `dataDir` and measures it; resolves once it has stopped. */
async function measureStart(compiled: boolean, dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  // startPortal polls /readyz every 250 ms; the first answer on the port is timed here instead.
  const portal = startPortal(
    { DEMO_SEED_RECORDS: 'false', IDENTITY_SIM_PORT: '0', LOG_LEVEL: 'warn' },
    { compiled, dataDir, port },
  );
  let seconds: number | undefined;
  while (seconds === undefined) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      seconds = (performance.now() - started) / 1000;
    } catch {
      await Promise.race([portal.then(() => undefined), new Promise((r) => setTimeout(r, 20))]);
    }
  }
  const p = await portal;
  const rssMb = p.memory().rssMb;
  const token = await login(p.base, 'tenant.admin@demo.local', 'Demo12345!');
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${p.base}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`/users/me answered ${res.status}`);
    await res.arrayBuffer();
  }
  const rssAfterMb = p.memory().rssMb;
  await p.stop();
  return { seconds, rssMb, rssAfterMb };
}

const results: Record<'tsx' | 'compiled', { first: Start[]; restart: Start[] }> = {
  tsx: { first: [], restart: [] },
  compiled: { first: [], restart: [] },
};
console.log(
  `Start of one API process (PGlite, demo without records, ${os.cpus().length} cores, ${RUNS} runs)`,
);
for (let run = 0; run < RUNS; run++) {
  for (const mode of run % 2 === 0 ? (['tsx', 'compiled'] as const) : (['compiled', 'tsx'] as const)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-bench-'));
    try {
      const first = await measureStart(mode === 'compiled', dataDir);
      const restart = await measureStart(mode === 'compiled', dataDir);
      results[mode].first.push(first);
      results[mode].restart.push(restart);
      console.log(
        `run ${run + 1} ${mode.padEnd(8)} first start ${first.seconds.toFixed(2)} s, restart ${restart.seconds.toFixed(2)} s, RSS ${restart.rssMb.toFixed(0)} MiB (after 200 requests ${restart.rssAfterMb.toFixed(0)} MiB)`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figure = (mode: 'tsx' | 'compiled', pick: (s: Start) => number, kind: 'first' | 'restart') =>
  median(results[mode][kind].map(pick));
console.log('\nmedians                       tsx   compiled   compiled ÷ tsx');
const line = (name: string, a: number, b: number, unit: string) =>
  console.log(
    `${name.padEnd(26)}${a.toFixed(2).padStart(7)}${unit}${b.toFixed(2).padStart(8)}${unit}   ${(b / a).toFixed(2)}`,
  );
line(
  'first start (s)',
  figure('tsx', (s) => s.seconds, 'first'),
  figure('compiled', (s) => s.seconds, 'first'),
  ' ',
);
line(
  'restart (s)',
  figure('tsx', (s) => s.seconds, 'restart'),
  figure('compiled', (s) => s.seconds, 'restart'),
  ' ',
);
line(
  'RSS at start (MiB)',
  figure('tsx', (s) => s.rssMb, 'restart'),
  figure('compiled', (s) => s.rssMb, 'restart'),
  ' ',
);
line(
  'RSS after requests (MiB)',
  figure('tsx', (s) => s.rssAfterMb, 'restart'),
  figure('compiled', (s) => s.rssAfterMb, 'restart'),
  ' ',
);
console.log(
  `load average after the run: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exit();
