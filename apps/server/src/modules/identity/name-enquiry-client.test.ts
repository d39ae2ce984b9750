import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NAME_ENQUIRY_PATHS, type AccountQuery } from '@portal/optima/name-enquiry/protocol';
import { NameEnquiryClient } from './name-enquiry-client.ts';
import { ProviderFault } from './provider-http.ts';

/**
 * The name-enquiry client (issue #36 item 2) against a scripted provider over real HTTP: what it
 * answers comes from the provider's items only; every fault of the provider is a typed
 * ProviderFault, never an account NOT_FOUND.
 */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
let server: http.Server;
let baseUrl = '';
let requests: { path: string; auth?: string; body: unknown }[] = [];
let onToken: () => Answer;
let onBatch: (items: AccountQuery[], n: number) => Answer;

const CREDS = { clientId: 'lagos-accounts', clientSecret: 'the-secret' };
const echo = (items: AccountQuery[]) => ({
  status: 200,
  body: {
    items: items.map((q) =>
      q.accountNumber.startsWith('9')
        ? { ...q, status: 'NOT_FOUND' }
        : { ...q, status: 'FOUND', accountName: 'ADA OBI', bvn: '22123456789' },
    ),
  },
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw || 'null') as { items?: AccountQuery[] } & Record<string, string>;
      requests.push({ path: req.url!, auth: req.headers.authorization, body });
      const batches = requests.filter((r) => r.path === NAME_ENQUIRY_PATHS.batch).length;
      let answer: Answer;
      if (req.url === NAME_ENQUIRY_PATHS.token)
        answer =
          body.clientId === CREDS.clientId && body.clientSecret === CREDS.clientSecret
            ? onToken()
            : { status: 401, body: { message: 'Invalid client credentials' } };
      else answer = onBatch(body.items ?? [], batches);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  requests = [];
  let issued = 0;
  onToken = () => ({ status: 200, body: { accessToken: `token-${++issued}`, expiresIn: 3600 } });
  onBatch = (items) => echo(items);
});

const slept: number[] = [];
const client = (creds = CREDS, options = {}) =>
  new NameEnquiryClient(
    { apiBaseUrl: baseUrl, ...creds },
    {
      allowPrivateAddresses: true,
      maxAttempts: 3,
      sleep: async (ms) => void slept.push(ms),
      random: () => 0.5,
      ...options,
    },
  );
const A = { bankCode: '058', accountNumber: '0123456789' };
const B = { bankCode: '011', accountNumber: '9000000001' };

async function fault(promise: Promise<unknown>): Promise<ProviderFault> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderFault);
  return err as ProviderFault;
}

describe('NameEnquiryClient.lookup', () => {
  it('answers each account as the provider did, in order, with one token for many batches', async () => {
    const c = client();
    expect(await c.lookup([A, B])).toEqual([
      { ...A, status: 'FOUND', accountName: 'ADA OBI', bvn: '22123456789' },
      { ...B, status: 'NOT_FOUND' },
    ]);
    expect(await c.lookup([B])).toEqual([{ ...B, status: 'NOT_FOUND' }]);
    expect(requests.map((r) => r.path)).toEqual([
      NAME_ENQUIRY_PATHS.token,
      NAME_ENQUIRY_PATHS.batch,
      NAME_ENQUIRY_PATHS.batch,
    ]);
    expect(requests[1]!.auth).toBe('Bearer token-1');
    expect(requests[1]!.body).toEqual({ items: [A, B] });
    expect(await c.lookup([])).toEqual([]);
    await expect(c.lookup(Array.from({ length: 101 }, () => A))).rejects.toBeInstanceOf(RangeError);
  });

  it('asks for a new token once when a batch answers 401, then fails as CREDENTIALS_REFUSED', async () => {
    onBatch = (items, n) => (n === 1 ? { status: 401, body: { message: 'expired' } } : echo(items));
    expect(await client().lookup([A])).toHaveLength(1);
    expect(requests.filter((r) => r.path === NAME_ENQUIRY_PATHS.token)).toHaveLength(2);
    requests = [];
    onBatch = () => ({ status: 401, body: { message: 'no' } });
    const f = await fault(client().lookup([A]));
    expect(f.kind).toBe('CREDENTIALS_REFUSED');
    expect(requests.filter((r) => r.path === NAME_ENQUIRY_PATHS.batch)).toHaveLength(2);
  });

  it('waits out a 429: its Retry-After, or 1 s without one; too long is RATE_LIMITED', async () => {
    slept.length = 0;
    onBatch = (items, n) =>
      n === 1
        ? { status: 429, body: { message: 'slow down' } }
        : n === 2
          ? { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '3' } }
          : echo(items);
    expect(await client().lookup([A])).toHaveLength(1);
    expect(slept).toEqual([1000, 3000]);
    onBatch = () => ({ status: 429, headers: { 'retry-after': '40' } });
    const f = await fault(client(CREDS, { maxRetryAfterMs: 60_000 }).lookup([A]));
    expect(f.kind).toBe('RATE_LIMITED');
    expect(f.status).toBe(429);
  });

  it('retries 5xx with backoff, then fails as SERVER_ERROR: never NOT_FOUND', async () => {
    slept.length = 0;
    onBatch = () => ({ status: 503, body: { message: 'down for maintenance' } });
    const f = await fault(client().lookup([A]));
    expect(f).toMatchObject({ kind: 'SERVER_ERROR', status: 503 });
    expect(f.message).toBe('the provider answered 503: down for maintenance');
    expect(requests.filter((r) => r.path === NAME_ENQUIRY_PATHS.batch)).toHaveLength(3);
    expect(slept).toEqual([250, 500]);
  });

  it('wrong client credentials fail as CREDENTIALS_REFUSED at once, no batch sent', async () => {
    const f = await fault(client({ ...CREDS, clientSecret: 'wrong' }).lookup([A]));
    expect(f).toMatchObject({ kind: 'CREDENTIALS_REFUSED', status: 401 });
    expect(requests.map((r) => r.path)).toEqual([NAME_ENQUIRY_PATHS.token]);
  });

  it('an answer that is not one result per account, in order, is BAD_ANSWER', async () => {
    onBatch = (items) => echo([...items].reverse());
    expect((await fault(client().lookup([A, B]))).kind).toBe('BAD_ANSWER');
    onBatch = () => ({ status: 200, body: { items: [{ ...A, status: 'MAYBE' }] } });
    expect((await fault(client().lookup([A]))).kind).toBe('BAD_ANSWER');
    onBatch = () => ({ status: 200, body: { items: [] } });
    expect((await fault(client().lookup([A]))).kind).toBe('BAD_ANSWER');
  });

  it('a provider that is down is UNREACHABLE; a private address with the guard on is ADDRESS_REFUSED', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = new NameEnquiryClient(
      { apiBaseUrl: `http://127.0.0.1:${port}`, ...CREDS },
      { allowPrivateAddresses: true, maxAttempts: 2, sleep: async () => undefined },
    );
    expect((await fault(down.lookup([A]))).kind).toBe('UNREACHABLE');
    const guarded = new NameEnquiryClient(
      { apiBaseUrl: baseUrl, ...CREDS },
      { allowPrivateAddresses: false },
    );
    const f = await fault(guarded.lookup([A]));
    expect(f.kind).toBe('ADDRESS_REFUSED');
    expect(f.message).toContain('a loopback address');
    expect(requests).toEqual([]);
  });
});

describe('NameEnquiryClient.testConnection', () => {
  it('says whether the provider issued a token, and why not', async () => {
    expect(await client().testConnection()).toEqual({
      ok: true,
      message: 'Connected to the account name provider: it issued a token',
    });
    expect(await client({ ...CREDS, clientId: 'someone-else' }).testConnection()).toEqual({
      ok: false,
      message:
        'The provider refused the client ID and secret (the provider answered 401: Invalid client credentials)',
    });
    onToken = () => ({ status: 500, body: { message: 'boom' } });
    expect(await client(CREDS, { maxAttempts: 1 }).testConnection()).toEqual({
      ok: false,
      message: 'The provider did not issue a token: the provider answered 500: boom',
    });
  });
});
