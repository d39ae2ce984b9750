import { vi } from 'vitest';

type JsonReply = { status: number; body?: unknown };

/** A fetch stub answering each call with the next reply; the mock records every request. */
export function stubFetch(...replies: JsonReply[]) {
  const queue = [...replies];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = queue.shift() ?? { status: 500, body: { message: 'unexpected call', code: 'TEST' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
