import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import {
  NAME_ENQUIRY_BATCH_MAX,
  NAME_ENQUIRY_PATHS,
  NameEnquiryBatchResponseSchema,
} from '@portal/optima/name-enquiry/protocol';
import { accountKey, type KnownAccount } from './accounts.ts';
import { startAccountSimulator, type RunningAccountSimulator } from './simulator.ts';

const accounts = new Map<string, KnownAccount>([
  [accountKey('058', '0123456789'), { status: 'FOUND', accountName: 'ADA OBI', bvn: '22123456789' }],
  [accountKey('011', '3012345678'), { status: 'CLOSED' }],
  [accountKey('033', '2000000001'), { status: 'FOUND', accountName: 'TUNDE BAKARE' }],
]);

let sim: RunningAccountSimulator;
let now = 1_800_000_000_000;
beforeAll(async () => {
  sim = await startAccountSimulator({ port: 0, accounts, tokenTtlSeconds: 60, clock: () => now });
});
afterAll(() => sim?.close());

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function token(creds: { clientId: string; clientSecret: string } = DEMO_ACCOUNT_CREDENTIALS) {
  const res = await post(NAME_ENQUIRY_PATHS.token, creds);
  return { status: res.status, body: (await res.json()) as { accessToken?: string; message?: string } };
}

describe('name-enquiry simulator', () => {
  it('issues a token for its client credentials only', async () => {
    const ok = await token();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ accessToken: expect.any(String), expiresIn: 60 });
    const wrong = await token({ ...DEMO_ACCOUNT_CREDENTIALS, clientSecret: 'guess' });
    expect(wrong).toEqual({ status: 401, body: { message: 'Invalid client credentials' } });
    expect((await post(NAME_ENQUIRY_PATHS.token, { clientId: 'x' })).status).toBe(400);
  });

  it('answers a batch in the order asked: FOUND with name and BVN, CLOSED, NOT_FOUND', async () => {
    const { body } = await token();
    const items = [
      { bankCode: '011', accountNumber: '3012345678' },
      { bankCode: '999', accountNumber: '0123456789' },
      { bankCode: '058', accountNumber: '0123456789' },
      { bankCode: '033', accountNumber: '2000000001' },
      { bankCode: '058', accountNumber: 'not-a-nuban' },
    ];
    const res = await post(NAME_ENQUIRY_PATHS.batch, { items }, body.accessToken);
    expect(res.status).toBe(200);
    const answer = NameEnquiryBatchResponseSchema.parse(await res.json());
    expect(answer.items).toEqual([
      { ...items[0], status: 'CLOSED' },
      { ...items[1], status: 'NOT_FOUND' },
      { ...items[2], status: 'FOUND', accountName: 'ADA OBI', bvn: '22123456789' },
      { ...items[3], status: 'FOUND', accountName: 'TUNDE BAKARE' },
      { ...items[4], status: 'NOT_FOUND' },
    ]);
    expect(sim.answered()).toMatchObject({ FOUND: 2, CLOSED: 1, NOT_FOUND: 2 });
  });

  it(`refuses an empty batch and one over ${NAME_ENQUIRY_BATCH_MAX} accounts with 400`, async () => {
    const { body } = await token();
    const one = { bankCode: '058', accountNumber: '0123456789' };
    const full = await post(
      NAME_ENQUIRY_PATHS.batch,
      { items: Array.from({ length: NAME_ENQUIRY_BATCH_MAX }, () => one) },
      body.accessToken,
    );
    expect(full.status).toBe(200);
    const over = await post(
      NAME_ENQUIRY_PATHS.batch,
      { items: Array.from({ length: NAME_ENQUIRY_BATCH_MAX + 1 }, () => one) },
      body.accessToken,
    );
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      message: `A batch holds at most ${NAME_ENQUIRY_BATCH_MAX} accounts`,
    });
    const empty = await post(NAME_ENQUIRY_PATHS.batch, { items: [] }, body.accessToken);
    expect(empty.status).toBe(400);
  });

  it('refuses a batch without a valid, unexpired token with 401', async () => {
    const items = [{ bankCode: '058', accountNumber: '0123456789' }];
    expect((await post(NAME_ENQUIRY_PATHS.batch, { items })).status).toBe(401);
    expect((await post(NAME_ENQUIRY_PATHS.batch, { items }, 'made-up')).status).toBe(401);
    const { body } = await token();
    expect((await post(NAME_ENQUIRY_PATHS.batch, { items }, body.accessToken)).status).toBe(200);
    now += 61_000;
    const expired = await post(NAME_ENQUIRY_PATHS.batch, { items }, body.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('name-enquiry simulator knobs', () => {
  it('answers 429 with Retry-After past its rate and 500/503 at its error rate', async () => {
    const limited = await startAccountSimulator({ port: 0, accounts, rateLimit: 1 });
    const failing = await startAccountSimulator({ port: 0, accounts, errorRate: 1 });
    try {
      for (const s of [limited, failing]) {
        const t = (await (
          await fetch(`${s.url}${NAME_ENQUIRY_PATHS.token}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(DEMO_ACCOUNT_CREDENTIALS),
          })
        ).json()) as { accessToken: string };
        const ask = () =>
          fetch(`${s.url}${NAME_ENQUIRY_PATHS.batch}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${t.accessToken}` },
            body: JSON.stringify({ items: [{ bankCode: '058', accountNumber: '0123456789' }] }),
          });
        if (s === limited) {
          expect((await ask()).status).toBe(200);
          const second = await ask();
          expect(second.status).toBe(429);
          expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        } else {
          expect([500, 503]).toContain((await ask()).status);
        }
      }
    } finally {
      await limited.close();
      await failing.close();
    }
  });
});
