// Sign-in throughput on loopback: logins/s, authenticated GET /api/v1/users/me requests/s, and the
// ratio of the latter to a bare Fastify route measured in the same run. Run: npm run bench:auth
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUp(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));

const portalPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
children.push(
  spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(portalPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: dataDir,
      // The throughput of sign-ins itself: the per-address request rate (30 a minute) is lifted.
      LOGIN_RATE_PER_IP: '1000000',
    },
    stdio: 'ignore',
  }),
);
const barePort = await freePort();
children.push(
  spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ ok: true })); await app.listen({ port: ${barePort}, host: '127.0.0.1' });`,
    ],
    { cwd: path.join(root, 'apps/server'), stdio: 'ignore' },
  ),
);
const base = `http://127.0.0.1:${portalPort}`;
await Promise.all([waitUp(`${base}/healthz`), waitUp(`http://127.0.0.1:${barePort}/`)]);

const credentials = JSON.stringify({ email: 'tenant.admin@demo.local', password: 'Demo12345!' });
const login = await fetch(`${base}/api/v1/auth/authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: credentials,
});
const { token } = (await login.json()) as { token: string };

const logins = await run({
  url: `${base}/api/v1/auth/authenticate`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: credentials,
  connections: 4,
  duration: seconds,
});
const me = await run({
  url: `${base}/api/v1/users/me`,
  headers: { authorization: `Bearer ${token}` },
  connections: 20,
  duration: seconds,
});
const bare = await run({ url: `http://127.0.0.1:${barePort}/`, connections: 20, duration: seconds });

const non2xx = logins.non2xx + me.non2xx;
const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`;
console.log(`Sign-in throughput (${seconds}s each, loopback, ${os.cpus().length} cores)`);
console.log(row('POST /api/v1/auth/authenticate', logins));
console.log(row('GET /api/v1/users/me (bearer)', me));
console.log(row('bare Fastify GET /', bare));
console.log(`ratio users/me ÷ bare Fastify: ${(me.requests.average / bare.requests.average).toFixed(3)}`);
if (non2xx > 0) {
  console.error(`unexpected non-2xx responses: ${non2xx}`);
  process.exitCode = 1;
}
process.exit();
