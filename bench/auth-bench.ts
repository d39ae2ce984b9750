// The authenticated request path on loopback (issue #23): sign-ins/s, and authenticated
// GET /api/v1/users/me requests/s against a bare Fastify route measured in the same run, on PGlite
// and on PostgreSQL (one API process, then API_PROCESSES=2). Run: npm run bench:auth
// BENCH_SECONDS (10) sets each measure's length; BENCH_PROFILE=1 also writes a CPU profile of the
// portal under the /users/me load on each database and prints its heaviest frames.
// The GET loads are driven by wrk (Debian's `wrk`) when it is installed, autocannon otherwise
// (BENCH_LOADGEN=autocannon to choose it): on 2 cores the load generator shares the machine with
// what it measures, and autocannon, JavaScript, spends about a core on 25,000 requests a second,
// which leaves a second API process nothing to run on. The tool is printed with the figures.
// BENCH_SERVER=compiled measures the compiled server (`npm run build` first; issue #37).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import {
  COMPILED_BY_DEFAULT,
  freePort,
  isPortalCommand,
  login,
  root,
  startPortal,
  type PortalProcess,
} from './lib/portal-process.ts';
import { autocannonLoad } from './lib/autocannon-load.ts';
import { summariseProfile, type CpuProfile } from './lib/cpu-profile.ts';
import { REQUESTS_PER_CONNECTION } from '../apps/server/src/app.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const profiling = process.env.BENCH_PROFILE === '1';

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** What one load measured. */
interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const loadOf = (r: autocannon.Result): Load => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
});

const hasWrk = (() => {
  if (process.env.BENCH_LOADGEN === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its version
    return (err as { status?: number }).status === 1;
  }
})();
const loadgen = hasWrk ? 'wrk, 1 thread' : 'autocannon';

/** Drives GET `url` with `connections` connections for `duration` seconds (wrk when installed). */
async function get(
  url: string,
  duration: number,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<Load> {
  // The portal's limit per connection applies with several API processes, as the bare two's.
  if (!hasWrk)
    return loadOf(
      await autocannonLoad({
        url,
        headers,
        connections,
        duration,
        requestsPerConnection: REQUESTS_PER_CONNECTION,
      }),
    );
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}`))));
  });
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!m) throw new Error(`wrk printed no ${label} latency:\n${out}`);
    return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
  };
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!rps) throw new Error(`wrk printed no rate:\n${out}`);
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  return { rps: Number(rps[1]), p50: ms('50%'), p99: ms('99%'), non2xx: Number(errors?.[1] ?? 0) };
}

/** CPU seconds used so far by every process on the machine, by pid, with what it is. */
function cpuNow(): Map<number, { what: string; seconds: number }> {
  const tick = 100; // USER_HZ on Linux
  const out = new Map<number, { what: string; seconds: number }>();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const what = cmd.startsWith('postgres')
        ? 'PostgreSQL'
        : isPortalCommand(cmd)
          ? 'portal'
          : cmd.startsWith('wrk')
            ? 'wrk'
            : 'other';
      out.set(Number(pid), { what, seconds });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The API processes of a portal started by `pid`: itself, or its node:cluster processes. */
function apiProcesses(pid: number): number[] {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((child) => {
      try {
        return isPortalCommand(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });
  return children.length > 0 ? children : [pid];
}

/**
 * Cores used by each kind of process between two cpuNow() readings `elapsed` seconds apart (the
 * load generator has ended by the second reading, so it is not among them).
 */
function coresBetween(before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>, elapsed: number) {
  const sums = new Map<string, number[]>();
  for (const [pid, a] of after) {
    const used = a.seconds - (before.get(pid)?.seconds ?? a.seconds);
    if (used > 0.02 * elapsed) sums.set(a.what, [...(sums.get(a.what) ?? []), used / elapsed]);
  }
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return [...sums]
    .sort((x, y) => total(y[1]) - total(x[1]))
    .map(
      ([what, xs]) =>
        `${what} ${total(xs).toFixed(2)}${xs.length > 1 ? ` (${xs.map((x) => x.toFixed(2)).join(' + ')})` : ''}`,
    )
    .join(', ');
}

const children: ChildProcess[] = [];
const portals: PortalProcess[] = [];
const clusters: { url: string; stop(): void }[] = [];
process.on('exit', () => {
  children.forEach((c) => c.kill('SIGTERM'));
  portals.forEach((p) => p.child.kill('SIGTERM'));
  clusters.forEach((c) => c.stop());
});

/**
 * A bare Fastify route on a port of its own: one process, or `processes` under node:cluster with
 * the portal's REQUESTS_PER_CONNECTION (the machine's own floor for what a second process adds).
 */
async function startBare(processes: number): Promise<number> {
  const port = await freePort();
  // A file (node:cluster forks the script it was started with; `-e` has none), in apps/server so
  // that it finds Fastify.
  const script = path.join(root, 'apps/server', `.bench-bare-${process.pid}-${port}.mjs`);
  fs.writeFileSync(
    script,
    `import Fastify from 'fastify';
import cluster from 'node:cluster';
if (cluster.isPrimary && ${processes} > 1) {
  for (let i = 0; i < ${processes}; i++) cluster.fork();
} else {
  const app = Fastify({ maxRequestsPerSocket: ${processes > 1 ? REQUESTS_PER_CONNECTION : 0} });
  app.get('/', async () => ({ ok: true }));
  await app.listen({ port: ${port}, host: '127.0.0.1' });
}
`,
  );
  process.on('exit', () => fs.rmSync(script, { force: true }));
  const child = spawn(process.execPath, [script], { stdio: 'ignore' });
  children.push(child);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      if (i > 200) throw new Error('bare Fastify did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (processes > 1) await new Promise((r) => setTimeout(r, 1_000)); // the others listen too
  return port;
}
const barePort = await startBare(1);

const row = (name: string, r: Load) =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   non-2xx ${r.non2xx}`;
let non2xx = 0;

/** Starts a portal, signs in, drives /users/me; with a profile, the portal runs under --cpu-prof. */
async function measureMe(label: string, env: Record<string, string>, profileName?: string) {
  const profileDir = profileName ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-')) : undefined;
  const portal = await startPortal(
    { ...env, LOGIN_RATE_PER_IP: '1000000' },
    profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
  );
  portals.push(portal);
  const token = await login(portal.base, 'tenant.admin@demo.local', 'Demo12345!');
  // Warm-up: the first requests compile the route's code paths. With several API processes, until
  // every one of them has served some (the later ones start once the first listens, and a
  // connection stays with the process it was handed to: a load begun before they listen would
  // measure the first alone).
  const auth = { authorization: `Bearer ${token}` };
  const processes = Number(env.API_PROCESSES ?? 1);
  for (let i = 0; ; i++) {
    const before = cpuNow();
    await get(`${portal.base}/api/v1/users/me`, 2, auth);
    const after = cpuNow();
    const served = apiProcesses(portal.child.pid!).filter(
      (pid) => (after.get(pid)?.seconds ?? 0) - (before.get(pid)?.seconds ?? 0) > 0.2,
    );
    if (processes === 1 || served.length >= processes) break;
    if (i >= 15) throw new Error(`${served.length} of ${processes} API processes served during warm-up`);
  }
  const cpuBefore = cpuNow();
  const started = performance.now();
  const me = await get(`${portal.base}/api/v1/users/me`, seconds, auth);
  const cores = coresBetween(cpuBefore, cpuNow(), (performance.now() - started) / 1000);
  non2xx += me.non2xx;
  console.log(row(`GET /api/v1/users/me, ${label}`, me));
  console.log(`  cores used during it: ${cores}`);
  const stopping = Date.now();
  await portal.stop();
  const stopMs = Date.now() - stopping;
  portals.splice(portals.indexOf(portal), 1);
  if (profileDir) {
    for (const file of fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
      const target = path.join(os.tmpdir(), `${profileName}-${file}`);
      fs.copyFileSync(path.join(profileDir, file), target);
      console.log(`  CPU profile ${target}`);
      // The load's seconds only: start-up, sign-in, warm-up and shutdown are left out.
      const profile = JSON.parse(fs.readFileSync(target, 'utf8')) as CpuProfile;
      console.log(summariseProfile(profile, stopMs + seconds * 1000, stopMs + 200));
    }
  }
  return me;
}

async function measureBare(label: string, port = barePort) {
  const r = await get(`http://127.0.0.1:${port}/`, seconds);
  console.log(row(`bare Fastify GET /, ${label}`, r));
  return r;
}

console.log(
  `Authenticated request path (${seconds}s each, loopback, ${CONNECTIONS} connections, ${os.cpus().length} cores, load by ${loadgen}, server ${COMPILED_BY_DEFAULT ? 'compiled (apps/server/dist)' : 'TypeScript through tsx'})`,
);

// Sign-ins themselves (argon2id): the per-address request rate is lifted for the measure.
{
  const portal = await startPortal({ LOGIN_RATE_PER_IP: '1000000' });
  portals.push(portal);
  const logins = await run({
    url: `${portal.base}/api/v1/auth/authenticate`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'tenant.admin@demo.local', password: 'Demo12345!' }),
    connections: 4,
    duration: seconds,
  });
  non2xx += logins.non2xx;
  console.log(row('POST /api/v1/auth/authenticate (PGlite, autocannon)', loadOf(logins)));
  await portal.stop();
  portals.splice(portals.indexOf(portal), 1);
}

const pgliteMe = await measureMe('PGlite', {}, profiling ? 'auth-pglite' : undefined);
const pgliteBare = await measureBare('beside PGlite');

const cluster = (await startCluster()) as { url: string; stop(): void };
clusters.push(cluster);
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
const databaseUrl = async (name: string) => {
  await admin.query(`create database ${name}`);
  return cluster.url.replace(/\/postgres$/, `/${name}`);
};
const pgMe = await measureMe(
  'PostgreSQL, 1 API process',
  { DATABASE_URL: await databaseUrl('auth_one'), DEMO: 'true', API_PROCESSES: '1' },
  profiling ? 'auth-postgres' : undefined,
);
const pgBare = await measureBare('beside PostgreSQL');
const pgTwo = await measureMe('PostgreSQL, 2 API processes', {
  DATABASE_URL: await databaseUrl('auth_two'),
  DEMO: 'true',
  API_PROCESSES: '2',
});
await admin.end();
const bareTwo = await measureBare('2 processes', await startBare(2));

console.log(`ratio (PGlite): ${(pgliteMe.rps / pgliteBare.rps).toFixed(2)}`);
console.log(`ratio (PostgreSQL): ${(pgMe.rps / pgBare.rps).toFixed(2)}`);
console.log(`2 API processes ÷ 1 (PostgreSQL): ${(pgTwo.rps / pgMe.rps).toFixed(2)}×`);
console.log(
  `2 processes ÷ 1 (bare Fastify, the same machine and load generator): ${(bareTwo.rps / pgBare.rps).toFixed(2)}×`,
);
console.log(
  `load average after the run: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (non2xx > 0) {
  console.error(`unexpected non-2xx responses: ${non2xx}`);
  process.exitCode = 1;
}
process.exit();
