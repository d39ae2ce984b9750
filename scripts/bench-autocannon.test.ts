import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { autocannonLoad } from '../bench/lib/autocannon-load.ts';

/**
 * Issue #37: `npm run bench:auth` without wrk fell back on autocannon, which kept sending on a
 * connection the portal had ended after its 1,000 requests and counted the 503s. The fallback is
 * checked here on a bare Fastify route with a limit of 10, in about 4 s of bounded loopback load.
 */
const LIMIT = 10;
const app = Fastify({ maxRequestsPerSocket: LIMIT });
app.get('/', async () => ({ ok: true }));
let url = '';
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
});
afterAll(() => app.close());

it('the fallback reconnects at the server limit: no 503, many connections worth of requests', async () => {
  const result = await autocannonLoad({ url, connections: 20, duration: 2, requestsPerConnection: LIMIT });
  expect(result.non2xx).toBe(0);
  expect(result.errors).toBe(0);
  // The connections went well past the limit, on new connections.
  expect(result.requests.total).toBeGreaterThan(20 * LIMIT * 2);
});

it('without the limit autocannon counts the 503s (what the bench reported before)', async () => {
  const result = await autocannonLoad({ url, connections: 20, duration: 2, requestsPerConnection: 0 });
  expect(result.non2xx).toBeGreaterThan(0);
});
