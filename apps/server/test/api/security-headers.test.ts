import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

// Issue #18, item 4: browser security headers on the app, the API and the API docs. The sign-in
// token lives in localStorage (SPEC), so an injected script must not run: no inline script, no
// other origin. The browser-side check (no CSP violation on any screen) is the Playwright journey
// csp-every-screen.spec.ts.

/** A built web app of the shape Vite emits: one module script and its preloads, no inline script. */
function fakeWebDist(): string {
  const dir = tempDir('portal-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("app")\n');
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const out: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ env: { WEB_DIST: fakeWebDist() } });
});
afterAll(async () => {
  await portal?.close();
});

function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  const csp = directives(res);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  // Outside production: no HSTS (a demo on http://localhost must not pin https for the host).
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(csp['upgrade-insecure-requests']).toBeUndefined();
}

/** The app's policy: scripts from the portal only; styles may be inline (emotion's <style> tags). */
function expectAppPolicy(res: LightMyRequestResponse) {
  const csp = directives(res);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp['img-src']).toEqual(["'self'", 'data:']);
  expect(csp['form-action']).toEqual(["'self'"]);
}

describe('security headers', () => {
  it('on an API route', async () => {
    const res = await portal.api.get('/api/v1/users/me');
    expect(res.statusCode).toBe(401);
    expectCommonHeaders(res);
    expectAppPolicy(res);
  });

  it('on the health check and on an unknown API path', async () => {
    for (const url of ['/healthz', '/api/v1/no-such-thing']) {
      const res = await portal.api.get(url);
      expectCommonHeaders(res);
      expectAppPolicy(res);
    }
  });

  it("on the app's index, its assets and a deep link the client router takes", async () => {
    for (const url of ['/', '/index.html', '/assets/index-abc.js', '/tenant-admin?tab=records']) {
      const res = await portal.api.get(url);
      expect(res.statusCode, url).toBe(200);
      expectCommonHeaders(res);
      expectAppPolicy(res);
    }
  });

  it('on the API docs, which still load', async () => {
    const page = await portal.api.get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expectCommonHeaders(page);
    // Swagger UI 5 needs nothing the app's policy does not allow (csp-every-screen.spec.ts).
    expectAppPolicy(page);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await portal.api.get(`/api/docs/static/${asset}`);
      expect(res.statusCode, asset).toBe(200);
      expectCommonHeaders(res);
    }
    const spec = await portal.api.get('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    expectCommonHeaders(spec);
  });
});

describe('in production', () => {
  let prod: TestPortal;
  beforeAll(async () => {
    prod = await createTestPortal({
      env: { NODE_ENV: 'production', PORTAL_SECRET: 'p'.repeat(48), WEB_DIST: fakeWebDist() },
    });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('adds HSTS and upgrade-insecure-requests', async () => {
    for (const url of ['/', '/api/v1/users/me', '/api/docs/']) {
      const res = await prod.api.get(url);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res)['upgrade-insecure-requests'], url).toEqual([]);
    }
  });
});
