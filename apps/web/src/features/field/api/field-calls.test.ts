import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ReverifyResponseSchema } from '@portal/contract/claims';
import { FieldDeskSchema, FieldPersonSchema, FieldSearchSchema } from '@portal/contract/field';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { FIELD_ROUTES } from '@portal/contract/routes/field';
import { callApi } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { PERSON_ID, buildFieldDesk, buildFieldExercise, buildFieldPerson } from '../test/build-field.ts';
import * as plain from './field-calls.ts';

/*
 * The agent's page (issue #32) reads the desk's answers by hand and calls by plain fetch: held
 * here to the contract's schemas and to the app's `callApi`, answer by answer and reply by reply.
 */

/** What a schema makes of an answer, or 'refused'. */
const parsed = (schema: z.ZodType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? result.data : 'refused';
};
/** What a hand reader makes of it, or 'refused'. */
const read = (reader: (body: unknown) => unknown, body: unknown) => {
  try {
    return reader(body);
  } catch (error) {
    expect(error).toBeInstanceOf(plain.UnexpectedAnswerError);
    return 'refused';
  }
};

const ODD = [null, undefined, 'text', 42, [], {}];
const person = buildFieldPerson();
const exercise = buildFieldExercise();

/** A valid answer, then each field changed to something the schema refuses or strips. */
function variants(valid: Record<string, unknown>, odd: unknown[] = [null, 7, 'x', true, [], {}]) {
  const out: unknown[] = [valid, { ...valid, extra: 'stripped' }];
  for (const key of Object.keys(valid)) {
    const { [key]: _gone, ...without } = valid;
    out.push(without);
    for (const value of odd) out.push({ ...valid, [key]: value });
  }
  return out;
}

describe("the agent's page reads answers as the contract schemas do", () => {
  it.each([...ODD, ...variants(person), buildFieldPerson({ nextStep: 'NONE', status: 'SUSPENDED' })])(
    'person %j',
    (body) => {
      expect(read(plain.readFieldPerson, body)).toEqual(parsed(FieldPersonSchema, body));
    },
  );

  it.each([
    ...ODD,
    { people: [person], more: false },
    { people: [], more: true },
    { people: [person, { ...person, status: 'GHOST' }], more: false },
    { people: [person] },
    { people: 'x', more: false },
  ])('search %j', (body) => {
    expect(read(plain.readFieldSearch, body)).toEqual(parsed(FieldSearchSchema, body));
  });

  const schedule = exercise.todaySchedule[0]!;
  it.each([
    ...ODD,
    buildFieldDesk(),
    buildFieldDesk([]),
    ...variants(exercise).map((e) => ({ today: '2026-11-29', exercises: [e] })),
    ...variants(schedule).map((entry) => ({
      today: '2026-11-29',
      exercises: [{ ...exercise, todaySchedule: [entry] }],
    })),
    {
      today: '2026-11-29',
      exercises: [{ ...exercise, todaySchedule: [{ ...schedule, ministries: [{ id: 'm', name: 3 }] }] }],
    },
    buildFieldDesk([{ ...exercise, documents: ['a', 2] }] as never),
    { exercises: [] },
  ])('desk %#', (body) => {
    expect(read(plain.readFieldDesk, body)).toEqual(parsed(FieldDeskSchema, body));
  });

  it.each([
    ...ODD,
    { newStatus: 'PENDING_GRADE_VALIDATION', message: 'ok' },
    { newStatus: 'MISMATCHED', message: '' },
    { newStatus: 'MISMATCHED' },
    { newStatus: 1, message: 'x' },
  ])('re-verification %j', (body) => {
    expect(read(plain.readReverifyResponse, body)).toEqual(parsed(ReverifyResponseSchema, body));
  });

  it('the grids hold both answers', () => {
    expect(read(plain.readFieldPerson, person)).toEqual(person);
    expect(read(plain.readFieldPerson, { ...person, claimed: 'yes' })).toBe('refused');
  });
});

/** Every request the stub saw, as the server would: method, path, headers, body. */
function requestsOf(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    method: init?.method ?? 'GET',
    path: String(input),
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    credentials: init?.credentials,
  }));
}

async function outcome(reply: { status: number; body?: unknown }, call: () => Promise<unknown>) {
  const fetchMock = stubFetch(reply);
  const answer = await call().then(
    (value) => ({ value }),
    (error: unknown) =>
      error instanceof ApiError
        ? { status: error.status, message: error.serverMessage, code: error.code, details: error.details }
        : { failed: true },
  );
  return { answer, requests: requestsOf(fetchMock) };
}

const REPLIES = [
  { status: 200, body: buildFieldDesk() },
  { status: 200, body: { people: [person], more: false } },
  { status: 200, body: person },
  { status: 200, body: { newStatus: 'PENDING_GRADE_VALIDATION', message: 'ok' } },
  { status: 200, body: { unexpected: true } },
  { status: 400, body: { message: 'Type a name', code: 'VALIDATION_ERROR' } },
  { status: 404, body: { message: 'Person not found', code: 'NOT_FOUND', details: { a: 1 } } },
  { status: 409, body: { message: 'This record is not awaiting re-verification.' } },
  { status: 502, body: { message: '', code: 'BAD_GATEWAY' } },
  { status: 500, body: 'not json' },
  { status: 503 },
];
const IDENTITY = { ssid: 'SS20458812', nin: '40187362951' };

describe("the agent's page sends what the app sends, and fails as it fails", () => {
  it.each(REPLIES)('for the reply %j', async (reply) => {
    document.cookie = 'XSRF-TOKEN=csrf-1; path=/';
    storeToken(buildToken({ role: 'AGENT' }));
    const calls: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      ['desk', () => callApi(FIELD_ROUTES.desk), () => plain.fetchDesk()],
      [
        'search',
        () => callApi(FIELD_ROUTES.search, { query: { q: 'Hafsat Abdullahi & co' } }),
        () => plain.searchPeople('Hafsat Abdullahi & co'),
      ],
      [
        'person',
        () => callApi(FIELD_ROUTES.person, { params: { id: PERSON_ID } }),
        () => plain.fetchPerson(PERSON_ID),
      ],
      [
        're-verification',
        () => callApi(CLAIMS_ROUTES.reverify, { params: { id: PERSON_ID }, body: IDENTITY }),
        () => plain.reverifyPerson(PERSON_ID, IDENTITY),
      ],
    ];
    for (const [name, viaApiClient, viaPlainFetch] of calls) {
      const api = await outcome(reply, viaApiClient);
      const mine = await outcome(reply, viaPlainFetch);
      expect(mine, name).toEqual(api);
    }
  });

  it('a dropped network is the same ApiError with status 0', async () => {
    const drop = async (call: () => Promise<unknown>) => {
      const fetchMock = stubFetch();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      return call().catch((error: unknown) => error);
    };
    const api = await drop(() => callApi(FIELD_ROUTES.desk));
    const mine = await drop(() => plain.fetchDesk());
    expect(mine).toBeInstanceOf(ApiError);
    expect(mine).toMatchObject({ status: 0, code: 'NETWORK_ERROR', serverMessage: 'Failed to fetch' });
    expect(mine).toEqual(api);
  });
});
