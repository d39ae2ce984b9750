import { describe, expect, it } from 'vitest';
import { AppealSchema } from '@portal/contract/appeals';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { pathOf } from '@portal/contract/routes/define-route';
import { callApi } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildAppeal } from '../../../test/build-appeal.ts';
import { buildToken } from '../../../test/build-token.ts';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { UnexpectedAnswerError, attachFile, lodgeAppeal, readLodgedId } from './agent-appeal-calls.ts';

/*
 * The agent's page lodges an appeal by plain fetch (issue #32): the same request as the app's
 * `callApi(APPEALS_ROUTES.create)`, the same failures, and the attachment to the route's path.
 */

const BODY = {
  recordId: '3f0c2a52-8d4e-4c1b-9a6f-2b7d9e1c4a10',
  kind: 'APPROVED_LEAVE' as const,
  grounds: 'Leave.',
};

function requestsOf(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    method: init?.method,
    path: String(input),
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
  }));
}

async function outcome(reply: { status: number; body?: unknown }, call: () => Promise<unknown>) {
  const fetchMock = stubFetch(reply);
  const answer = await call().then(
    (value) => ({ value: typeof value === 'string' ? value : (value as { id: string }).id }),
    (error: unknown) =>
      error instanceof ApiError
        ? { status: error.status, message: error.serverMessage, code: error.code }
        : { failed: true },
  );
  return { answer, requests: requestsOf(fetchMock) };
}

describe("the agent's appeal calls", () => {
  it('reads the id of an appeal the schema takes, and refuses an answer without one', () => {
    const appeal = buildAppeal({ id: 'a-9' });
    expect(AppealSchema.safeParse(appeal).success).toBe(true);
    expect(readLodgedId(appeal)).toBe('a-9');
    for (const odd of [null, 'a-9', {}, { id: 9 }, []])
      expect(() => readLodgedId(odd)).toThrow(UnexpectedAnswerError);
  });

  it.each([
    { status: 201, body: buildAppeal({ id: 'a-9' }) },
    {
      status: 409,
      body: { message: 'An appeal about this record is already being heard.', code: 'CONFLICT' },
    },
    { status: 400, body: { message: 'Grounds are required', code: 'VALIDATION_ERROR' } },
    { status: 500, body: 'not json' },
  ])('lodges as the app does, for the reply %j', async (reply) => {
    document.cookie = 'XSRF-TOKEN=csrf-1; path=/';
    storeToken(buildToken({ role: 'AGENT' }));
    const api = await outcome(reply, () => callApi(APPEALS_ROUTES.create, { body: BODY }));
    const mine = await outcome(reply, () => lodgeAppeal(BODY));
    expect(mine).toEqual(api);
  });

  it("sends a file as multipart 'file' to the attachments route, with the session and the CSRF echo", async () => {
    document.cookie = 'XSRF-TOKEN=csrf-1; path=/';
    const token = buildToken({ role: 'AGENT' });
    storeToken(token);
    const fetchMock = stubFetch({ status: 201, body: { id: 'att-1' } });
    const file = new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' });
    await attachFile('a-9', file);
    const [request] = requestsOf(fetchMock);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(pathOf(APPEALS_ROUTES.attach, { id: 'a-9' }));
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers['x-xsrf-token']).toBe('csrf-1');
    // The browser writes the multipart type with its boundary.
    expect(request!.headers['content-type']).toBeUndefined();
    expect((request!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((request!.body as FormData).get('file') as File).name).toBe('letter.pdf');
  });
});
