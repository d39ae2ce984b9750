import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser security headers on every answer: the web app, the API and the API docs (issue #18,
 * decision 72). The sign-in token lives in localStorage (SPEC), so a script that is not the
 * portal's own must never run: scripts come from the portal's origin only, none inline, no eval.
 * Styles may be inline: MUI's emotion injects <style> tags at run time (a nonce would need the
 * index page rendered per request and handed to emotion's cache). HSTS and
 * upgrade-insecure-requests only in production: a demo on http://localhost must not pin https.
 * The API docs (Swagger UI 5, /api/docs) load their scripts and styles from files and live under
 * the same policy; a journey opens them in Chromium without a violation.
 */
function directives(production: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * helmet's middleware is built once, at start: @fastify/helmet built it again for every request
 * (helmet(options) per call, parsing the policy each time), about 3% of an authenticated request's
 * CPU (issue #23's profile). The headers are the same on every answer, so once is enough.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(production) },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // The API's answers carry people's data (names, identity and bank numbers, tokens): no browser
    // or proxy cache keeps them (issue #31). A route may still say otherwise (none does today).
    if (request.url.startsWith('/api/v1/')) reply.raw.setHeader('cache-control', 'no-store');
    headers(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
