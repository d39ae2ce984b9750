import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@portal/contract/routes/define-route';
import { stubFetch } from '../test/stub-fetch.ts';
import { buildToken } from '../test/build-token.ts';
import { ApiError, NETWORK_ERROR_STATUS, callApi, queryString } from './api-client.ts';
import { storeToken } from './auth-storage.ts';

const headersOf = (fetchMock: ReturnType<typeof stubFetch>, call = 0) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

const getThing = defineRoute({
  method: 'GET',
  path: '/api/v1/things/:id',
  roles: ['TENANT_ADMIN'],
  tags: ['test'],
  summary: 'A GET with a path parameter and a query',
  params: z.object({ id: z.string() }),
  query: z.object({
    page: z.number().optional(),
    tag: z.array(z.string()).optional(),
    q: z.string().optional(),
  }),
  response: z.object({ ok: z.boolean() }),
});
const postThing = defineRoute({
  method: 'POST',
  path: '/api/v1/things',
  roles: ['TENANT_ADMIN'],
  tags: ['test'],
  summary: 'A POST with a body and no answer',
  body: z.object({ a: z.number() }),
  response: z.null(),
  status: 204,
});
const ping = defineRoute({
  method: 'GET',
  path: '/api/v1/ping',
  public: true,
  tags: ['test'],
  summary: 'A GET without input',
  response: z.object({ ok: z.boolean() }),
});

describe('queryString', () => {
  it('repeats a list’s key, keeps the order of the fields and leaves out absent and blank values', () => {
    expect(
      queryString({ page: 1, pageSize: 10, grade: ['GL 08', 'GL 09'], status: [], q: '', x: undefined }),
    ).toBe('?page=1&pageSize=10&grade=GL+08&grade=GL+09');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

describe('callApi', () => {
  it('builds the path from the route and its parameters, URI-encoded, with the query', async () => {
    const fetchMock = stubFetch({ status: 200, body: { ok: true } });
    await expect(
      callApi(getThing, { params: { id: 'a/b c' }, query: { page: 2, tag: ['x', 'y'], q: 'ada ob' } }),
    ).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/things/a%2Fb%20c?page=2&tag=x&tag=y&q=ada+ob');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('refuses an answer that does not match the route’s response schema', async () => {
    stubFetch({ status: 200, body: { ok: 'yes' } });
    await expect(callApi(ping)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('takes only the input the route declares (checked by the compiler)', () => {
    stubFetch({ status: 200, body: { ok: true } }, { status: 204 }, { status: 204 });
    // @ts-expect-error the route has a path parameter
    void callApi(getThing, {}).catch(() => undefined);
    // @ts-expect-error the body has the route's shape
    void callApi(postThing, { body: { a: 'one' } }).catch(() => undefined);
    // @ts-expect-error the route has a body
    void callApi(postThing).catch(() => undefined);
  });

  it('sends the bearer token when logged in, and no CSRF header on GET', async () => {
    const token = buildToken();
    storeToken(token);
    document.cookie = 'XSRF-TOKEN=csrf-123; path=/';
    const fetchMock = stubFetch({ status: 200, body: { ok: true } });

    await expect(callApi(ping)).resolves.toEqual({ ok: true });
    expect(headersOf(fetchMock).get('Authorization')).toBe(`Bearer ${token}`);
    expect(headersOf(fetchMock).get('X-XSRF-TOKEN')).toBeNull();
  });

  it('echoes the XSRF-TOKEN cookie on non-GET requests, sends JSON and reads no body of a 204', async () => {
    document.cookie = 'XSRF-TOKEN=csrf%2B123; path=/';
    const fetchMock = stubFetch({ status: 204 });

    await expect(callApi(postThing, { body: { a: 1 } })).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(headersOf(fetchMock).get('X-XSRF-TOKEN')).toBe('csrf+123');
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
    expect(headersOf(fetchMock).get('Authorization')).toBeNull();
    expect(init?.body).toBe('{"a":1}');
  });

  it('does not send an expired token', async () => {
    storeToken(buildToken({ exp: 1 }));
    const fetchMock = stubFetch({ status: 200, body: { ok: true } });
    await callApi(ping);
    expect(headersOf(fetchMock).get('Authorization')).toBeNull();
  });

  it('throws ApiError with the status, message, code and details of the error body', async () => {
    stubFetch({
      status: 400,
      body: { message: 'Bad input', code: 'VALIDATION_ERROR', details: { email: 'x' } },
    });
    const error = await callApi(ping).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Bad input',
      serverMessage: 'Bad input',
      code: 'VALIDATION_ERROR',
      details: { email: 'x' },
    });
  });

  it('throws ApiError without a server message when the error body is not the API shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    const error = await callApi(ping).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: undefined, message: 'Error Code: 502' });
  });

  it('keeps the message of an error body that has only one (a proxy, another server)', async () => {
    stubFetch({ status: 500, body: { message: 'Kaboom' } });
    const error = await callApi(ping).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, serverMessage: 'Kaboom', code: undefined });
  });

  it('turns a network failure into ApiError with status 0 and the original message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await callApi(ping).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: NETWORK_ERROR_STATUS, message: 'Failed to fetch' });
  });
});
