import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@portal/contract/errors';

/**
 * Compresses the API's answers (JSON, CSV; DECISIONS 172): Brotli at quality 4 or gzip, as the
 * client accepts, from 1 KiB up; smaller answers, and answers that already carry a
 * Content-Encoding (the web app's pre-compressed files below), go out as they are. Registered
 * before the routes, whose send hooks it adds.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
}

/**
 * The pages of their own (DECISIONS 200): path -> their HTML entry, never the app's index.html. The
 * agent's dashboard is one page at both its addresses (it moves /dashboard/agent to verify itself).
 */
const FIELD_PAGES: Record<string, string> = {
  '/login': 'login.html',
  '/register-employee': 'register-employee.html',
  '/dashboard/agent': 'agent.html',
  '/dashboard/agent/verify': 'agent.html',
};

/**
 * The file sent for each field page's path: the copy the web build rendered into its HTML
 * (DECISIONS 176, 200), dist/prerendered/<entry> (scripts/prerender.mjs), or the entry itself when
 * the build has no copy; a field page never gets the app's index.html.
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [page, entry] of Object.entries(FIELD_PAGES)) {
    const copy = path.join('prerendered', entry);
    if (fs.existsSync(path.join(webDist, copy))) pages.set(page, copy);
    else if (fs.existsSync(path.join(webDist, entry))) pages.set(page, entry);
  }
  return pages;
}

/**
 * Serves the built web app from the API's port. Unknown non-API GETs get index.html so that the
 * client router can take them (deep links, reloads), or the page's pre-rendered copy of it;
 * unknown API paths get a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  const prerendered = hasWeb ? prerenderedPages(webDist) : new Map<string, string>();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      // vite build writes each text asset's .br and .gz beside it (DECISIONS 172): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && hasWeb;
    if (!isPage) return reply.code(404).send({ message: 'Service not found', code: ERROR_CODES.NOT_FOUND });
    const page = prerendered.get(request.url.split('?')[0]!.replace(/(.)\/$/, '$1')) ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
