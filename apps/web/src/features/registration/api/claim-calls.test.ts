import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuthResponseSchema } from '@portal/contract/auth';
import {
  ChallengeResponseSchema,
  ClaimTenantSchema,
  CONSENT_VERSION,
  InitiateResponseSchema,
} from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { stubFetch } from '../../../test/stub-fetch.ts';
import * as plain from './claim-calls.ts';
import { tenantHeaders, type ClaimContext } from './claim-context.ts';
import { confirmPsn } from './confirm-psn.ts';
import { createAccount } from './create-account.ts';
import { initiateClaim } from './initiate-claim.ts';

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

const ODD = [null, undefined, 'text', 42, [], ['CHALLENGE_PSN'], {}];

describe('the claim page reads answers as the contract schemas do', () => {
  it.each([
    ...ODD,
    { recordId: 'claim-1', nextStep: 'CHALLENGE_PSN' },
    { recordId: 'claim-1', nextStep: 'CREATE_ACCOUNT', extra: true },
    { recordId: '', nextStep: 'CREATE_ACCOUNT' },
    { recordId: 'claim-1', nextStep: 'challenge_psn' },
    { recordId: 'claim-1' },
    { recordId: 7, nextStep: 'CHALLENGE_PSN' },
  ])('initiate %j', (body) => {
    expect(read(plain.readInitiateResponse, body)).toEqual(parsed(InitiateResponseSchema, body));
  });

  it.each([
    ...ODD,
    { success: true, message: 'Identity confirmed. Create your credentials.' },
    { success: false, message: '' },
    { success: 'true', message: 'ok' },
    { success: true },
    { message: 'The provided PSN is incorrect.' },
  ])('challenge %j', (body) => {
    expect(read(plain.readChallengeResponse, body)).toEqual(parsed(ChallengeResponseSchema, body));
  });

  it.each([...ODD, { token: 'a.b.c' }, { token: '' }, { token: null }, { jwt: 'a.b.c' }])(
    'account %j',
    (body) => {
      expect(read(plain.readAuthResponse, body)).toEqual(parsed(AuthResponseSchema, body));
    },
  );

  it.each([
    ...ODD,
    { name: 'Lagos State' },
    { name: 'Lagos State', timeZone: 'Europe/London' },
    { name: 'Lagos State', timeZone: null },
    { name: 'Lagos State', timeZone: 1 },
    { timeZone: 'Africa/Lagos' },
  ])('tenant %j', (body) => {
    expect(read(plain.readClaimTenant, body)).toEqual(parsed(ClaimTenantSchema, body));
  });

  it('the grids hold both answers', () => {
    expect(read(plain.readInitiateResponse, { recordId: 'c', nextStep: 'CREATE_ACCOUNT' })).not.toBe(
      'refused',
    );
    expect(read(plain.readInitiateResponse, { recordId: 'c' })).toBe('refused');
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

/** The same call through the app's API client and by plain fetch, against the same replies. */
async function bothWays<T>(
  reply: { status: number; body?: unknown },
  viaApiClient: () => Promise<T>,
  viaPlainFetch: () => Promise<T>,
) {
  const outcome = async (call: () => Promise<T>) => {
    const fetchMock = stubFetch(reply);
    const answer = await call().then(
      (value) => ({ value }),
      (error: unknown) =>
        error instanceof ApiError
          ? { status: error.status, message: error.serverMessage, code: error.code, details: error.details }
          : { failed: true },
    );
    return { answer, requests: requestsOf(fetchMock) };
  };
  return { api: await outcome(viaApiClient), plain: await outcome(viaPlainFetch) };
}

const PUBLIC: ClaimContext = { variant: 'public', tenant: 'lagos' };
const AGENT: ClaimContext = { variant: 'agent' };
const IDENTITY = { ssid: 'SS45837531', nin: '94274577030', consentVersion: CONSENT_VERSION };

const REPLIES = [
  { status: 200, body: { recordId: 'claim-1', nextStep: 'CHALLENGE_PSN' } },
  { status: 200, body: { success: false, message: 'The provided PSN is incorrect.' } },
  { status: 200, body: { token: 'a.b.c' } },
  { status: 200, body: { unexpected: true } },
  {
    status: 400,
    body: { message: 'Verification failed. Please check your SSID and NIN.', code: 'VALIDATION_ERROR' },
  },
  { status: 404, body: { message: 'Not in your assignment', code: 'NOT_FOUND', details: { a: 1 } } },
  { status: 429, body: { message: 'Too many attempts. Please wait a moment and try again.' } },
  { status: 502, body: { message: '', code: 'BAD_GATEWAY' } },
  { status: 409, body: { message: '' } },
  { status: 409, body: { code: 'CONFLICT', details: [] } },
  { status: 500, body: 'not json' },
  { status: 503 },
];

describe('the claim page sends what the app sends, and fails as it fails', () => {
  it.each(REPLIES)('for the reply %j', async (reply) => {
    document.cookie = 'XSRF-TOKEN=csrf-1; path=/';
    const calls: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'initiate (public)',
        () => initiateClaim(PUBLIC, IDENTITY),
        () => plain.initiateClaim(PUBLIC, IDENTITY),
      ],
      ['initiate (agent)', () => initiateClaim(AGENT, IDENTITY), () => plain.initiateClaim(AGENT, IDENTITY)],
      [
        'challenge (public)',
        () => confirmPsn(PUBLIC, { recordId: 'claim-1', psn: 'PSN1' }),
        () => plain.confirmPsn(PUBLIC, { recordId: 'claim-1', psn: 'PSN1' }),
      ],
      [
        'challenge (agent)',
        () => confirmPsn(AGENT, { recordId: 'claim-1', psn: 'PSN1' }),
        () => plain.confirmPsn(AGENT, { recordId: 'claim-1', psn: 'PSN1' }),
      ],
      [
        'account',
        () => createAccount({ email: 'ada@example.gov.ng', password: 'Employee-Pass1', recordId: 'claim-1' }),
        () =>
          plain.createAccount({
            email: 'ada@example.gov.ng',
            password: 'Employee-Pass1',
            recordId: 'claim-1',
          }),
      ],
    ];
    for (const signedIn of [false, true]) {
      if (signedIn) storeToken(buildToken({ role: 'AGENT' }));
      for (const [name, viaApiClient, viaPlainFetch] of calls) {
        const { api, plain: mine } = await bothWays(reply, viaApiClient, viaPlainFetch);
        expect(mine, `${name}, signed in: ${signedIn}`).toEqual(api);
      }
    }
  });

  it('a dropped network is the same ApiError with status 0', async () => {
    const drop = async (call: () => Promise<unknown>) => {
      const fetchMock = stubFetch();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      return call().catch((error: unknown) => error);
    };
    const api = await drop(() => initiateClaim(PUBLIC, IDENTITY));
    const mine = await drop(() => plain.initiateClaim(PUBLIC, IDENTITY));
    expect(mine).toBeInstanceOf(ApiError);
    expect(mine).toMatchObject({ status: 0, code: 'NETWORK_ERROR', serverMessage: 'Failed to fetch' });
    expect(mine).toEqual(api);
  });

  it.each([null, 'lagos'])("asks for the tenant %s as the app's query does", async (tenant) => {
    for (const reply of [REPLIES[0]!, { status: 200, body: { name: 'Lagos State' } }, REPLIES[5]!]) {
      const { api, plain: mine } = await bothWays(
        reply,
        () => callApi(CLAIMS_ROUTES.tenant, { headers: tenantHeaders({ variant: 'public', tenant }) }),
        () => plain.fetchClaimTenant(tenant),
      );
      expect(mine).toEqual(api);
    }
  });
});
