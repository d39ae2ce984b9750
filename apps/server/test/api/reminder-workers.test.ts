import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, type Campaign } from '@portal/contract/campaigns';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { remindJob } from '../../src/modules/campaigns/reminders.ts';

/*
 * Issue #33 item 3: never two reminders to one person on one day, across any number of worker
 * processes. Two portals on one PostgreSQL database stand for two workers (PostgreSQL only, see
 * vitest.config.ts); both are handed the same runs many times at once, and two runs due on the
 * same day (weekly and three days before the close).
 */
const TODAY = '2035-05-07';
const clock = new Date(`${TODAY}T08:00:00Z`);
const PEOPLE = 300;
let one: TestPortal;
let two: TestPortal;

beforeAll(async () => {
  // The watchdogs rest: this test hands the workers the runs itself.
  const env = { WATCHDOG_SECONDS: '3600' };
  one = await createTestPortal({ now: () => clock, env });
  expect(one.databaseUrl, 'runs on PostgreSQL only (TEST_DATABASE_URL)').toBeTruthy();
  two = await createTestPortal({ reuse: one, now: () => clock, env });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

it('two workers given the same runs many times remind each person once that day', async () => {
  const a = await createTenantWithAdmin(one);
  await seedRecords(
    one,
    a.tenant.id,
    Array.from({ length: PEOPLE }, (_, i) => ({
      fullName: `Worker Person ${i}`,
      nin: String(85500000000 + i),
      psn: `PSN855${i}`,
      email: `worker.person.${i}@example.gov.ng`,
    })),
  );
  // Opened seven days ago, closes in three: the weekly reminder and the one three days before the
  // close are both due today.
  const made = await one.api.post('/api/v1/campaigns', {
    token: a.token,
    body: { name: 'Everyone', opensOn: addDays(TODAY, 1), closesOn: addDays(TODAY, 11), graceDays: 0 },
  });
  expect(made.statusCode, made.body).toBe(201);
  const campaign = made.json() as Campaign;
  await one.db.orm.execute(sql`
    update campaigns set opens_on = ${addDays(TODAY, -7)}::date, closes_on = ${addDays(TODAY, 3)}::date
    where id = ${campaign.id}`);
  const sends: Promise<string>[] = [];
  for (const portal of [one, two])
    for (let i = 0; i < 4; i++)
      for (const kind of ['WEEKLY', 'CLOSING_SOON', 'OPENING'] as const)
        sends.push(
          portal.jobs.send(remindJob, { tenantId: a.tenant.id, campaignId: campaign.id, kind, day: TODAY }),
        );
  await Promise.all(sends);
  const counts = async () =>
    (
      await one.db.orm.execute<{ runs: number; reminded: number; mail: number; people: number }>(sql`
        select (select count(*)::int from campaign_reminder_runs where campaign_id = ${campaign.id}) as runs,
          (select count(*)::int from campaign_reminders where tenant_id = ${a.tenant.id}) as reminded,
          (select count(*)::int from mail_outbox where tenant_id = ${a.tenant.id}) as mail,
          (select coalesce(sum(people), 0)::int from campaign_reminder_runs where campaign_id = ${campaign.id}) as people`)
    ).rows[0]!;
  await waitFor(async () => {
    const jobs = await one.db.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from pgboss.job where name = 'campaigns.remind' and state in ('created', 'retry', 'active')`);
    return jobs.rows[0]!.n === 0 ? true : undefined;
  }, 60_000);
  expect(await counts()).toEqual({ runs: 3, reminded: PEOPLE, mail: PEOPLE, people: PEOPLE });
}, 120_000);
