import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

// Issue #32: what the portal sends a phone on a slow network (DECISIONS 172, 176). The built
// app's text files go out as the build compressed them (Brotli or gzip, by Accept-Encoding), the
// hashed ones cached for a year; the API's answers are compressed on the fly; and a public page
// the build pre-rendered is sent as its own HTML, every other page as index.html. /login and
// /register-employee are pages of their own (login.html, register-employee.html; DECISIONS 200),
// and so is the agent's dashboard (agent.html at /dashboard/agent and /dashboard/agent/verify),
// never the app's index.html.

const SCRIPT = `console.log(${JSON.stringify('app '.repeat(600))});\n`;
const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const LOGIN = `<!doctype html><html><head><style>.fk-app{}</style></head><body><div id="root"><div class="fk-app" inert data-prerendered="/login"><main>Sign In</main></div></div></body></html>`;
const LOGIN_ENTRY =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/assets/login-abc.js"></script></body></html>';
const CLAIM = `<!doctype html><html><head><style>.fk-app{}</style></head><body><div id="root"><div class="fk-app" inert data-prerendered="/register-employee"><main>Verify Your Identity</main></div></div></body></html>`;
const CLAIM_ENTRY =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/assets/register-employee-abc.js"></script></body></html>';
const AGENT = `<!doctype html><html><head><style>.fk-app{}</style></head><body><div id="root"><div class="fk-app" inert data-prerendered="/dashboard/agent/verify"><main>Agent Dashboard</main></div></div></body></html>`;
const AGENT_ENTRY =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/assets/agent-abc.js"></script></body></html>';

/** A built web app of the shape `npm run build -w @portal/web` writes, with its compressed copies. */
function webDist({ prerendered = true } = {}): string {
  const dir = tempDir('portal-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'prerendered'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  };
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'login.html'), LOGIN_ENTRY);
  fs.writeFileSync(path.join(dir, 'register-employee.html'), CLAIM_ENTRY);
  fs.writeFileSync(path.join(dir, 'agent.html'), AGENT_ENTRY);
  write('assets/index-abc.js', SCRIPT);
  if (prerendered) {
    write('prerendered/login.html', LOGIN);
    write('prerendered/register-employee.html', CLAIM);
    write('prerendered/agent.html', AGENT);
  }
  return dir;
}

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ env: { WEB_DIST: webDist() } });
});
afterAll(async () => {
  await portal?.close();
});

const get = (url: string, encoding?: string) =>
  portal.api.get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app on the wire', () => {
  it('sends a hashed script as the build compressed it, cached for a year', async () => {
    const br = await get('/assets/index-abc.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get('/assets/index-abc.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a pre-rendered page its own HTML, compressed, and any other page index.html', async () => {
    for (const [url, html] of [
      ['/login', LOGIN],
      ['/login?next=%2Fdashboard', LOGIN],
      ['/register-employee', CLAIM],
      ['/register-employee?tenant=lagos', CLAIM],
      // The agent's dashboard (issue #32): one page at both its addresses, a QR code's ?person= too.
      ['/dashboard/agent', AGENT],
      ['/dashboard/agent/', AGENT],
      ['/dashboard/agent/verify', AGENT],
      ['/dashboard/agent/verify?person=3f0c2a52-8d4e-4c1b-9a6f-2b7d9e1c4a00', AGENT],
    ] as const) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    expect((await get('/login')).body).toBe(LOGIN);
    expect((await get('/register-employee')).body).toBe(CLAIM);
    for (const url of [
      '/',
      '/appeal',
      '/dashboard',
      '/dashboard/agent/other',
      '/dashboard/agentx',
      '/dashboard/reviewer',
      '/login/other',
      '/register-employee/x',
      '/LOGIN',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("compresses the API's answers from 1 KiB up, and only for a client that accepts it", async () => {
    const spec = await get('/api/docs/json', 'br');
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(spec.rawPayload).toString();
    expect(JSON.parse(text)).toHaveProperty('paths');

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(text);

    expect((await get('/api/docs/json')).headers['content-encoding']).toBeUndefined();
    // A small answer goes out as it is: compressing it would cost more than it saves.
    const small = await get('/api/v1/nothing-here', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ message: 'Service not found' });
  });
});

describe('the field pages without their pre-rendered copies', () => {
  let bare: TestPortal;
  beforeAll(async () => {
    bare = await createTestPortal({ env: { WEB_DIST: webDist({ prerendered: false }) } });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('are their own entries, login.html, register-employee.html and agent.html, not the app', async () => {
    for (const [url, entry] of [
      ['/login', LOGIN_ENTRY],
      ['/register-employee?tenant=lagos', CLAIM_ENTRY],
      ['/dashboard/agent', AGENT_ENTRY],
      ['/dashboard/agent/verify?person=x', AGENT_ENTRY],
    ] as const) {
      const res = await bare.api.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(entry);
    }
    expect((await bare.api.get('/dashboard')).body).toBe(INDEX);
  });
});
