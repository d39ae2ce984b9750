import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { API_ROUTES, operationIdOf } from '@portal/contract/routes/api-routes';
import { pathParamNames, type ApiRoute } from '@portal/contract/routes/define-route';
import { ROLES, type Role } from '@portal/contract/roles';
import { DEMO_USERS } from '../../src/bootstrap.ts';
import { buildApiDocument } from '../../src/api-document.ts';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';

/*
 * Issue #31, item 7: the OpenAPI document describes what the server really answers. The rules are
 * checked on the served document, then every route of the table is called the ways a client can
 * get wrong (no token, another role, no CSRF echo, a path value that names nothing, a query out
 * of range, an empty, oversized or foreign body): each answer's status must be one the document
 * lists for that operation, with the API's JSON error body.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  security?: unknown;
  components: { securitySchemes: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, Operation>>;
}

const UNSAFE = new Set(['POST', 'PUT', 'DELETE']);
const CSRF_VALUE = 'openapi-test-csrf';
const ERROR_MEDIA = 'application/json';

let portal: TestPortal;
let doc: Document;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  portal = await createTestPortal();
  doc = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  tokens.set('GLOBAL_SUPER_ADMIN', await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password));
  for (const user of DEMO_USERS) tokens.set(user.role, await portal.login(user.email));
});

afterAll(async () => {
  await portal?.close();
});

const openApiPath = (route: ApiRoute) => route.path.replace(/:([A-Za-z]+)/g, '{$1}');
const operationOf = (route: ApiRoute): Operation => {
  const operation = doc.paths[openApiPath(route)]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.path} is not in the document`);
  return operation;
};
const byRoute = API_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const);

describe('the OpenAPI document', () => {
  it('is the one built from the route table alone (what scripts/check-openapi.mjs lints)', async () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc).toEqual(await buildApiDocument());
  });

  it('has one operation per route, each with its own operationId from the table', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(API_ROUTES.length);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of API_ROUTES) expect(operationOf(route).operationId).toBe(operationIdOf(route));
  });

  it('describes the bearer token and the CSRF cookie and header as security schemes', () => {
    expect(doc.security).toBeUndefined(); // each operation states its own
    expect(doc.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      csrfCookie: { type: 'apiKey', in: 'cookie', name: CSRF_COOKIE },
      csrfHeader: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
    });
  });

  it.each(byRoute)('%s: security, and the answers its access and input allow', (_name, route) => {
    const operation = operationOf(route);
    const statuses = Object.keys(operation.responses);
    const csrf = UNSAFE.has(route.method) && route.csrf !== false;
    const expected = {
      ...(route.public ? {} : { bearer: [] }),
      ...(csrf ? { csrfCookie: [], csrfHeader: [] } : {}),
    };
    expect(operation.security).toEqual(Object.keys(expected).length > 0 ? [expected] : []);
    if (!route.public) expect(statuses).toContain('401');
    if (!route.public && route.roles.length < ROLES.length) expect(statuses).toContain('403');
    if (csrf) expect(statuses).toContain('403');
    if (route.params) expect(statuses).toContain('404');
    if (route.query || route.body || route.params || UNSAFE.has(route.method))
      expect(statuses).toContain('400');
    if (UNSAFE.has(route.method)) expect(statuses).toEqual(expect.arrayContaining(['413', '415']));
    for (const [status, answer] of Object.entries(operation.responses)) {
      expect(answer.description, status).toBeTruthy();
      if (status === '204') expect(answer.content, '204 has no body').toBeUndefined();
      else if (Number(status) >= 400)
        expect(Object.keys(answer.content ?? {}), status).toEqual([ERROR_MEDIA]);
    }
    const success = String(route.status ?? 200);
    if (route.produces)
      expect(Object.keys(operation.responses[success]?.content ?? {})).toEqual(route.produces);
  });

  it('describes the master list upload as a multipart body with its file', () => {
    const upload = operationOf(API_ROUTES.find((r) => r.path === '/api/v1/records/upload')!);
    expect(upload.requestBody?.content['multipart/form-data']?.schema).toEqual({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
  });

  it('uses nullable only next to a type (OpenAPI 3.0)', () => {
    const bare: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && !('type' in schema)) bare.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(bare).toEqual([]);
  });
});

describe('every answer of a route is one its operation documents', () => {
  interface Probe {
    label: string;
    token?: string;
    csrf?: boolean;
    url?: string;
    query?: string;
    contentType?: string;
    payload?: string;
  }

  const fill = (route: ApiRoute) =>
    route.path.replace(/:([A-Za-z]+)/g, () =>
      route.path.includes(':code') ? 'NO_SUCH_CODE' : 'no-such-thing',
    );

  function probesOf(route: ApiRoute): Probe[] {
    const unsafe = UNSAFE.has(route.method);
    const allowed = route.public ? undefined : tokens.get(route.roles[0]);
    const outsider = route.public ? undefined : ROLES.find((role) => !route.roles.includes(role));
    const probes: Probe[] = [];
    if (!route.public) probes.push({ label: 'no token' });
    if (outsider) probes.push({ label: `role ${outsider}`, token: tokens.get(outsider) });
    if (unsafe) probes.push({ label: 'no CSRF echo', token: allowed, csrf: false });
    if (pathParamNames(route.path).length > 0) {
      probes.push({ label: 'a path value that names nothing', token: allowed, url: fill(route) });
      probes.push({
        label: 'a path value too long',
        token: allowed,
        url: fill(route).replace('no-such-thing', 'x'.repeat(300)),
      });
    }
    probes.push({ label: 'a NUL in the query', token: allowed, query: 'x=%00' });
    if (route.query) {
      probes.push({ label: 'pageSize 501, page 0', token: allowed, query: 'page=0&pageSize=501' });
      probes.push({ label: 'an over-long q', token: allowed, query: `q=${'x'.repeat(2_000)}` });
      probes.push({ label: 'a status outside its enum', token: allowed, query: 'status=NO_SUCH_STATUS' });
    }
    if (unsafe) {
      probes.push({
        label: 'an empty JSON body',
        token: allowed,
        contentType: 'application/json',
        payload: '',
      });
      probes.push({
        label: 'a body that is not JSON',
        token: allowed,
        contentType: 'application/json',
        payload: '{',
      });
      probes.push({
        label: 'a foreign media type',
        token: allowed,
        contentType: 'application/xml',
        payload: '<a/>',
      });
      probes.push({
        label: 'a body over the limit',
        token: allowed,
        contentType: 'application/json',
        payload: JSON.stringify('x'.repeat(1_100_000)),
      });
    }
    return probes;
  }

  it.each(byRoute)('%s', async (_name, route) => {
    const documented = Object.keys(operationOf(route).responses);
    const unseen: string[] = [];
    for (const probe of probesOf(route)) {
      const headers: Record<string, string> = {};
      if (probe.token) headers.authorization = `Bearer ${probe.token}`;
      if (probe.csrf !== false) {
        headers.cookie = `${CSRF_COOKIE}=${CSRF_VALUE}`;
        headers[CSRF_HEADER] = CSRF_VALUE;
      }
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const base = probe.url ?? fill(route).replace('no-such-thing', '00000000-0000-4000-8000-000000000000');
      const res = await portal.app.inject({
        method: route.method,
        url: probe.query ? `${base}?${probe.query}` : base,
        headers,
        ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
      });
      if (!documented.includes(String(res.statusCode))) unseen.push(`${probe.label}: ${res.statusCode}`);
      if (res.statusCode >= 400) {
        expect(res.headers['content-type'], probe.label).toMatch(/^application\/json/);
        expect(res.json(), probe.label).toMatchObject({
          message: expect.any(String),
          code: expect.any(String),
        });
      }
    }
    expect(unseen, `documented: ${documented.join(', ')}`).toEqual([]);
  });
});
