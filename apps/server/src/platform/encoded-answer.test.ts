import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EncodedAnswer } from './encoded-answer.ts';
import { registerCompression } from './web.ts';

const json = Buffer.from(
  JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, name: `Posting ${i}` })) }),
);
const answer = new EncodedAnswer(json);
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  // As the portal runs it: the compression plugin beside the answer that brings its own encoding.
  await registerCompression(app);
  app.get('/answer', (request, reply) => answer.send(request, reply));
  await app.ready();
});
afterAll(() => app.close());

const get = (acceptEncoding?: string) =>
  app.inject({ url: '/answer', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

it('sends the JSON as it is to a client that accepts no compression', async () => {
  const res = await get();
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.rawPayload.equals(json)).toBe(true);
});

it('sends Brotli or gzip as the client prefers, each the same JSON', async () => {
  const br = await get('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(br.rawPayload).equals(json)).toBe(true);
  expect(br.rawPayload.length).toBeLessThan(json.length / 5);
  const again = await get('br');
  expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

  const gz = await get('gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).equals(json)).toBe(true);
});
