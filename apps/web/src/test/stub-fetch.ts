import { vi } from 'vitest';

type JsonReply = { status: number; body?: unknown };
/** Replies by 'METHOD /path'; a list answers one call after the other. */
export type ApiReplies = Record<string, JsonReply | JsonReply[]>;

/** 200 replies with these bodies, one call after the other (a list polled again and again). */
export function okReplies(...bodies: unknown[]): JsonReply[] {
  return bodies.map((body) => ({ status: 200, body }));
}

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

/**
 * A fetch stub answering by 'METHOD /path' (e.g. 'GET /api/v1/users/me'), for screens that make
 * several calls in no fixed order. Unlisted calls get 404; the mock records every request.
 */
export function stubApi(routes: ApiReplies) {
  const queues = new Map(Object.entries(routes).map(([key, reply]) => [key, [reply].flat()]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const queue = queues.get(key);
    // The last reply of a route repeats (refetches see the same answer).
    const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { message: `no stub for ${key}`, code: 'NOT_FOUND' },
    };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How many requests the stub received as 'METHOD /path' (e.g. 'GET /api/v1/bulk-jobs'). */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string): number {
  return fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
    .length;
}

/** The count of requests to `key` after each wait of the fake clock in turn: polling as one list. */
export async function callsAfterWaits(fetchMock: ReturnType<typeof stubApi>, key: string, waitsMs: number[]) {
  const counts: number[] = [];
  for (const ms of waitsMs) {
    await vi.advanceTimersByTimeAsync(ms);
    counts.push(callsTo(fetchMock, key));
  }
  return counts;
}
