import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { pingJob } from '../../src/modules/system/ping.jobs.ts';

const opened: TestPortal[] = [];
afterAll(async () => {
  for (const p of opened) await p.close();
});

const pings = async (p: TestPortal, note: string) =>
  (
    await p.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'SYSTEM_PING' and note = ${note}`,
    )
  ).rows[0]!.n;

it('a job queued before a stop runs exactly once after the restart', async () => {
  const note = `ping-${Date.now()}`;
  // First process: takes API work only, so the job is queued and nothing runs it.
  const first = await createTestPortal({ role: 'api' });
  opened.push(first);
  await first.jobs.send(pingJob, { note, actorId: null });
  await new Promise((r) => setTimeout(r, 1500));
  expect(await pings(first, note)).toBe(0);
  await first.close();

  // Restart on the same storage, with workers this time.
  const second = await createTestPortal({ reuse: first, role: 'all' });
  opened.push(second);
  await waitFor(async () => ((await pings(second, note)) > 0 ? true : undefined));
  await new Promise((r) => setTimeout(r, 2000));
  expect(await pings(second, note)).toBe(1);
});
