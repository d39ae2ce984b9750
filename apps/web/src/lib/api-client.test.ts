import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/stub-fetch.ts';
import { buildToken } from '../test/build-token.ts';
import { ApiError, NETWORK_ERROR_STATUS, apiRequest, apiUrl } from './api-client.ts';
import { storeToken } from './auth-storage.ts';

const headersOf = (fetchMock: ReturnType<typeof stubFetch>, call = 0) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

describe('apiUrl', () => {
  it('keeps contract paths and puts short paths under /api/v1', () => {
    expect(apiUrl('/api/v1/users/me')).toBe('/api/v1/users/me');
    expect(apiUrl('/records')).toBe('/api/v1/records');
    expect(apiUrl('records')).toBe('/api/v1/records');
  });
});

describe('apiRequest', () => {
  it('sends the bearer token when logged in, and no CSRF header on GET', async () => {
    const token = buildToken();
    storeToken(token);
    document.cookie = 'XSRF-TOKEN=csrf-123; path=/';
    const fetchMock = stubFetch({ status: 200, body: { ok: true } });

    await expect(apiRequest('/api/v1/x', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({
      ok: true,
    });
    expect(headersOf(fetchMock).get('Authorization')).toBe(`Bearer ${token}`);
    expect(headersOf(fetchMock).get('X-XSRF-TOKEN')).toBeNull();
  });

  it('echoes the XSRF-TOKEN cookie on non-GET requests and sends JSON', async () => {
    document.cookie = 'XSRF-TOKEN=csrf%2B123; path=/';
    const fetchMock = stubFetch({ status: 204 });

    await apiRequest('/api/v1/x', { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(headersOf(fetchMock).get('X-XSRF-TOKEN')).toBe('csrf+123');
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
    expect(headersOf(fetchMock).get('Authorization')).toBeNull();
    expect(init?.body).toBe('{"a":1}');
  });

  it('does not send an expired token', async () => {
    storeToken(buildToken({ exp: 1 }));
    const fetchMock = stubFetch({ status: 204 });
    await apiRequest('/api/v1/x');
    expect(headersOf(fetchMock).get('Authorization')).toBeNull();
  });

  it('throws ApiError with the status, message, code and details of the error body', async () => {
    stubFetch({
      status: 400,
      body: { message: 'Bad input', code: 'VALIDATION_ERROR', details: { email: 'x' } },
    });
    const error = await apiRequest('/api/v1/x').catch((e: unknown) => e);
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
    const error = await apiRequest('/api/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: undefined, message: 'Error Code: 502' });
  });

  it('keeps the message of an error body that has only one (a proxy, another server)', async () => {
    stubFetch({ status: 500, body: { message: 'Kaboom' } });
    const error = await apiRequest('/api/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, serverMessage: 'Kaboom', code: undefined });
  });

  it('turns a network failure into ApiError with status 0 and the original message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiRequest('/api/v1/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: NETWORK_ERROR_STATUS, message: 'Failed to fetch' });
  });
});
