import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineRoute } from '@portal/contract/routes/define-route';
import { registerErrorHandling } from '../platform/errors.ts';
import type { Actor } from './actor.ts';
import { serveRoute } from './route.ts';

const created = defineRoute({
  method: 'POST',
  path: '/api/v1/things/:id',
  roles: ['TENANT_ADMIN'],
  tags: ['test'],
  summary: 'A route with roles, params, body and a 201',
  params: z.object({ id: z.string().transform((id) => id.toUpperCase()) }),
  body: z.object({ n: z.number() }),
  response: z.object({ id: z.string(), n: z.number(), by: z.string() }),
  status: 201,
});
const gone = defineRoute({
  method: 'DELETE',
  path: '/api/v1/things/:id',
  roles: ['TENANT_ADMIN'],
  tags: ['test'],
  summary: 'A 204',
  params: z.object({ id: z.string() }),
  response: z.null(),
  status: 204,
});
const probe = defineRoute({
  method: 'GET',
  path: '/api/v1/probe',
  public: true,
  tags: ['test'],
  summary: 'A route whose handler sends the reply itself, with another status',
  response: z.object({ ready: z.boolean() }),
  errors: { 503: z.object({ ready: z.boolean() }) },
});
const open = defineRoute({
  method: 'POST',
  path: '/api/v1/open',
  public: true,
  csrf: false,
  tags: ['test'],
  summary: 'A public route',
  response: z.object({ actor: z.null() }),
});

const ADMIN: Actor = { userId: 'u-1', email: 'a@x.ng', role: 'TENANT_ADMIN', tenantId: 't-1' };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

/** A bare app: `actor` stands for what the access hook would have resolved. */
async function appWith(actor: Actor | null) {
  const logged: string[] = [];
  app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = actor;
  });
  const configs: Record<string, unknown>[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') configs.push(route.config as Record<string, unknown>);
  });
  serveRoute(app, created, async ({ actor: by, params, body }) => ({
    id: params.id,
    n: body.n,
    by: by.userId,
  }));
  serveRoute(app, gone, async () => null);
  serveRoute(app, open, async ({ actor: none }) => ({ actor: none }));
  serveRoute(app, probe, async ({ reply }) => reply.code(503).send({ ready: false }));
  await app.ready();
  return { app, configs, logged };
}

describe('serveRoute', () => {
  it('declares the route’s roles, or public and its CSRF exemption, for the access hook', async () => {
    const { configs } = await appWith(ADMIN);
    // Besides what the OpenAPI document says of it (route-document.ts; openapi-document.test.ts).
    expect(configs.map(({ openapi: _document, ...access }) => access)).toEqual([
      { roles: ['TENANT_ADMIN'] },
      { roles: ['TENANT_ADMIN'] },
      { public: true, csrf: false },
      { public: true },
    ]);
  });

  it('hands the handler its actor and parsed input, and answers with the route’s status', async () => {
    const { app } = await appWith(ADMIN);
    const res = await app.inject({ method: 'POST', url: '/api/v1/things/ab', payload: { n: 2 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'AB', n: 2, by: 'u-1' });
    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/things/ab' });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it('leaves a reply the handler sent itself as it is, and sends nothing more', async () => {
    const { app, logged } = await appWith(null);
    const res = await app.inject({ method: 'GET', url: '/api/v1/probe' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false });
    expect(logged).toEqual([]);
  });

  it('refuses input that fails the route’s schema before the handler runs', async () => {
    const { app } = await appWith(ADMIN);
    const res = await app.inject({ method: 'POST', url: '/api/v1/things/ab', payload: { n: 'two' } });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 on a route with roles reached without an actor', async () => {
    const { app } = await appWith(null);
    const res = await app.inject({ method: 'POST', url: '/api/v1/things/ab', payload: { n: 2 } });
    expect(res.statusCode).toBe(401);
    const open = await app.inject({ method: 'POST', url: '/api/v1/open' });
    expect(open.json()).toEqual({ actor: null });
  });
});
