import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIMA_PATHS } from '@portal/optima/protocol';
import { OptimaTestClient } from './optima-test-client.ts';
import { buildPerson, buildPopulation, ninOf } from './simulator-test-support.ts';
import { startSimulator, type RunningSimulator } from './simulator.ts';

const people = Array.from({ length: 150 }, (_, i) =>
  buildPerson({
    nin: ninOf(i),
    ssid: `SS${String(i).padStart(8, '0')}`,
    psn: undefined,
    fullName: `Person ${i}`,
  }),
);
// A provider record without an SSID matches on NIN alone.
const withoutSsid = buildPerson({ nin: '99999999999', ssid: undefined, gender: undefined });

let sim: RunningSimulator;
let client: OptimaTestClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, population: buildPopulation([...people, withoutSsid]) });
  client = new OptimaTestClient(sim.url);
  await client.signIn();
});
afterAll(() => sim.close());

describe('POST /auth/token', () => {
  it('issues a bearer token for the configured client credentials', async () => {
    const res = await new OptimaTestClient(sim.url).signIn();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), expiresIn: 3600 });
  });

  it('answers 401 with a message for a wrong secret or client id', async () => {
    const wrongSecret = await new OptimaTestClient(sim.url).signIn('demo-client', 'not-the-secret');
    const wrongId = await new OptimaTestClient(sim.url).signIn('someone-else', 'demo-secret');
    expect(wrongSecret).toMatchObject({ status: 401, body: { message: 'Invalid client credentials' } });
    expect(wrongId.status).toBe(401);
  });

  it('answers 400 for a body without credentials', async () => {
    const res = await client.post(OPTIMA_PATHS.token, { clientId: 'demo-client' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('POST /identity/lookup', () => {
  it('finds a person by NIN and SSID and returns only the fields the provider holds', async () => {
    const result = await client.lookup({ nin: ninOf(7), ssid: 'SS00000007' });
    expect(result).toEqual({ found: true, person: people[7] });
    expect(result.person).not.toHaveProperty('psn');
  });

  it('answers found: false for an unknown NIN', async () => {
    expect(await client.lookup({ nin: '55555555555', ssid: 'SS00000007' })).toEqual({ found: false });
  });

  it('answers found: false when both sides have an SSID and they differ', async () => {
    expect(await client.lookup({ nin: ninOf(7), ssid: 'SS00000008' })).toEqual({ found: false });
  });

  it('matches on NIN alone when the request or the person has no SSID', async () => {
    expect((await client.lookup({ nin: ninOf(3) })).found).toBe(true);
    expect((await client.lookup({ nin: ninOf(3), ssid: '' })).found).toBe(true);
    expect(await client.lookup({ nin: '99999999999', ssid: 'SS12345678' })).toEqual({
      found: true,
      person: withoutSsid,
    });
  });

  it('answers 400 for a payload that does not decrypt or does not hold {nin, ssid}', async () => {
    const garbage = await client.post(
      OPTIMA_PATHS.lookup,
      { payload: 'bm90IGVuY3J5cHRlZA==' },
      { authorization: `Bearer ${client.token}` },
    );
    expect(garbage.status).toBe(400);
    expect((await client.postEncrypted(OPTIMA_PATHS.lookup, { ssid: 'x' })).status).toBe(400);
  });
});

describe('POST /identity/lookup-batch', () => {
  it('answers {items} in the order of the request, found or not', async () => {
    const queries = [
      { nin: ninOf(42), ssid: 'SS00000042' },
      { nin: '00000000000', ssid: 'SS00000000' },
      { nin: ninOf(1), ssid: 'SS00000001' },
      { nin: ninOf(2), ssid: 'SS99999999' },
    ];
    const { items } = await client.lookupBatch(queries);
    expect(items.map((item) => item.found)).toEqual([true, false, true, false]);
    expect(items[0]?.person?.nin).toBe(ninOf(42));
    expect(items[2]?.person?.nin).toBe(ninOf(1));
  });

  it('accepts 100 identities and refuses 101 with 400', async () => {
    const queries = people.map((person) => ({ nin: person.nin, ssid: person.ssid }));
    const full = await client.lookupBatch(queries.slice(0, 100));
    expect(full.items).toHaveLength(100);
    expect(full.items.every((item, i) => item.person?.nin === ninOf(i))).toBe(true);

    const over = await client.postEncrypted(OPTIMA_PATHS.lookupBatch, { items: queries.slice(0, 101) });
    expect(over).toMatchObject({ status: 400, body: { message: 'A batch holds at most 100 identities' } });
  });
});

describe('bearer tokens', () => {
  it('answers 401 without a token or with an unknown one, on both lookup endpoints', async () => {
    const anonymous = new OptimaTestClient(sim.url);
    expect((await anonymous.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })).status).toBe(401);
    anonymous.token = 'forged-token';
    const forged = await anonymous.postEncrypted(OPTIMA_PATHS.lookupBatch, { items: [{ nin: ninOf(1) }] });
    expect(forged).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect(forged.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 401 once the token is older than the token TTL, and a fresh token works again', async () => {
    let now = Date.UTC(2025, 0, 1);
    const short = await startSimulator({
      port: 0,
      tokenTtlSeconds: 60,
      clock: () => now,
      population: buildPopulation(people),
    });
    try {
      const c = new OptimaTestClient(short.url);
      expect((await c.signIn()).body).toMatchObject({ expiresIn: 60 });
      now += 59_000;
      expect((await c.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })).status).toBe(200);
      now += 1_000;
      expect((await c.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })).status).toBe(401);
      await c.signIn();
      expect((await c.postEncrypted(OPTIMA_PATHS.lookup, { nin: ninOf(1) })).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('GET /healthz and /stats', () => {
  it('reports the population size and counts requests by route and status', async () => {
    const health = await fetch(`${sim.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', people: 151 });

    const before = sim.stats();
    await client.lookup({ nin: ninOf(5) });
    await client.lookup({ nin: '55555555555' });
    const after = (await (await fetch(`${sim.url}/stats`)).json()) as ReturnType<RunningSimulator['stats']>;
    const okBefore = before.requests[OPTIMA_PATHS.lookup]?.['200'] ?? 0;
    expect(after.requests[OPTIMA_PATHS.lookup]?.['200']).toBe(okBefore + 2);
    expect(after.identities.requested - before.identities.requested).toBe(2);
    expect(after.identities.found - before.identities.found).toBe(1);
  });

  it('answers unknown paths 404 with a JSON message', async () => {
    const res = await client.post('/identity/unknown', {});
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });
});
