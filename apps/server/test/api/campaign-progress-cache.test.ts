import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, type Campaign, type CampaignProgress } from '@portal/contract/campaigns';
import { CONSENT_VERSION } from '@portal/contract/claims';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';

/*
 * An exercise's progress on a running portal (DECISIONS 185): an answer may be up to
 * PROGRESS_MAX_AGE_SECONDS old, so that many readers cost one count; once older, the next reader
 * gets it at once while it is counted again, and the one after gets the new count. An extension
 * is counted afresh at once. The portal's clock drives the age.
 */

const TODAY = '2033-06-06';
let clock = new Date(`${TODAY}T08:00:00Z`);
let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;

beforeAll(async () => {
  portal = await createTestPortal({
    now: () => clock,
    env: { PROGRESS_MAX_AGE_SECONDS: '5', CLAIM_RATE_PER_IP: '1000' },
  });
  a = await createTenantWithAdmin(portal);
  await seedRecords(portal, a.tenant.id, [
    { fullName: 'Cache one', nin: '73000000001', ssid: 'SS731', psn: 'PSN731' },
    { fullName: 'Cache two', nin: '73000000002', ssid: 'SS732', psn: 'PSN732' },
  ]);
});
afterAll(async () => {
  await portal?.close();
});

const progress = async (id: string) => {
  const res = await portal.api.get(`/api/v1/campaigns/${id}/progress`, { token: a.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CampaignProgress;
};
const pub = (url: string, body: unknown) =>
  portal.api.post(url, { body, csrf: false, headers: { 'x-tenant': a.tenant.subdomain } });

it('answers a recent count, then the stale one once while it counts again, then the new one', async () => {
  const made = await portal.api.post('/api/v1/campaigns', {
    token: a.token,
    body: { name: 'Cached headcount', opensOn: TODAY, closesOn: addDays(TODAY, 20), graceDays: 0 },
  });
  expect(made.statusCode, made.body).toBe(201);
  const campaign = made.json() as Campaign;
  const first = await progress(campaign.id);
  expect(first).toMatchObject({ inScope: 2, appeared: 0, computedAt: clock.toISOString() });

  // Person one claims online: an appearance, not yet in the recent answer.
  const start = await pub('/api/v1/verification/initiate', {
    nin: '73000000001',
    ssid: 'SS731',
    consentVersion: CONSENT_VERSION,
  });
  const claimId = (start.json() as { recordId: string }).recordId;
  await pub('/api/v1/verification/challenge', { recordId: claimId, psn: 'PSN731' });
  const account = await pub('/api/v1/auth/create-account', {
    email: `cache.${Date.now()}@example.gov.ng`,
    password: 'Employee-Pass1',
    recordId: claimId,
  });
  expect(account.statusCode, account.body).toBe(200);
  clock = new Date(clock.getTime() + 4_000);
  expect(await progress(campaign.id)).toEqual(first);

  // Past the age: the stale answer once, counted again meanwhile; then the new count.
  clock = new Date(clock.getTime() + 2_000);
  expect((await progress(campaign.id)).appeared).toBe(0);
  const fresh = await waitFor(async () => {
    const p = await progress(campaign.id);
    return p.appeared === 1 ? p : undefined;
  });
  expect(fresh).toMatchObject({ appeared: 1, remaining: 1, computedAt: clock.toISOString() });

  // An extension changes the exercise: its progress is counted at once.
  const extended = await portal.api.post(`/api/v1/campaigns/${campaign.id}/extend`, {
    token: a.token,
    body: { closesOn: addDays(TODAY, 30), reason: 'More time for the field teams' },
  });
  expect(extended.statusCode, extended.body).toBe(200);
  clock = new Date(clock.getTime() + 1_000);
  expect((await progress(campaign.id)).computedAt).toBe(clock.toISOString());
});
