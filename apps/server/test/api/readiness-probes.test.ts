import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';

/**
 * The probes a proxy or an orchestrator asks (issue #37 item 3): /livez answers from the process
 * alone; /readyz answers 503 while the database is unreachable, a migration is pending or the event
 * loop is saturated, and 200 again once it is over. Each case on a portal of its own (the
 * migrations' answer is kept 30 s).
 */
const portals: TestPortal[] = [];
afterAll(async () => {
  await Promise.all(portals.map((p) => p.close()));
});

async function portalWith(env: Record<string, string> = {}): Promise<TestPortal> {
  const portal = await createTestPortal({ env });
  portals.push(portal);
  return portal;
}

const get = async (portal: TestPortal, url: string) => {
  const res = await portal.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as { status: string; checks?: Record<string, string> } };
};

async function until(what: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('readiness and liveness', () => {
  it('/livez and /readyz answer 200 on a portal at rest', async () => {
    const portal = await portalWith();
    expect(await get(portal, '/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(portal, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', jobs: 'ok', migrations: 'ok', eventLoop: 'ok' } },
    });
  });

  it('a saturated event loop makes /readyz 503 while /livez stays 200, then ready again', async () => {
    const portal = await portalWith({ READY_MAX_EVENT_LOOP_DELAY_MS: '50' });
    expect((await get(portal, '/readyz')).status).toBe(200);
    // 2.5 s of 200 ms blocks with a gap between them: a loop busy with synchronous work.
    const end = Date.now() + 2500;
    while (Date.now() < end) {
      const block = Date.now() + 200;
      while (Date.now() < block) Math.sqrt(Math.random());
      await new Promise((r) => setTimeout(r, 1));
    }
    const saturated = await get(portal, '/readyz');
    expect(saturated.status).toBe(503);
    expect(saturated.body.checks).toEqual({
      database: 'ok',
      jobs: 'ok',
      migrations: 'ok',
      eventLoop: 'failed',
    });
    expect((await get(portal, '/livez')).status).toBe(200);
    // Requests are still served meanwhile (only readiness reports the pressure).
    expect((await portal.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })).statusCode).toBe(404);
    await until(async () => (await get(portal, '/readyz')).status === 200, 10_000);
  });

  it('a migration the database lacks makes /readyz 503 (migrations failed)', async () => {
    const portal = await portalWith();
    // As the tables' owner (on PostgreSQL the portal's role may not touch portal_migrations).
    const last = 'select tag from portal_migrations order by tag desc limit 1';
    let tag: string;
    if (portal.databaseUrl) {
      const owner = new pg.Client({ connectionString: portal.databaseUrl });
      await owner.connect();
      tag = ((await owner.query(last)).rows[0] as { tag: string }).tag;
      await owner.query('delete from portal_migrations where tag = $1', [tag]);
      await owner.end();
    } else {
      tag = ((await portal.db.orm.execute(sql.raw(last))).rows[0] as { tag: string }).tag;
      await portal.db.orm.execute(sql`delete from portal_migrations where tag = ${tag}`);
    }
    const res = await get(portal, '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toMatchObject({ database: 'ok', jobs: 'ok', migrations: 'failed' });
    expect((await get(portal, '/livez')).status).toBe(200);
  });

  it('an unreachable database makes /readyz 503 while /livez stays 200, then ready again', async () => {
    const portal = await portalWith();
    let reopen: () => Promise<void>;
    if (portal.databaseUrl) {
      // PostgreSQL: the database refuses connections and the portal's are ended.
      const url = new URL(portal.databaseUrl);
      const name = url.pathname.slice(1);
      url.pathname = '/postgres'; // a database cannot refuse connections from its own
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = 'portal_app'`,
        [name],
      );
      reopen = async () => {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      };
    } else {
      // PGlite runs in the process: its thread stops answering (as if it had died).
      const ping = portal.db.ping;
      portal.db.ping = () => Promise.reject(new Error('the embedded database does not answer'));
      reopen = async () => void (portal.db.ping = ping);
    }
    try {
      const res = await get(portal, '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ database: 'failed', eventLoop: 'ok' });
      expect(await get(portal, '/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await reopen();
    }
    await until(async () => (await get(portal, '/readyz')).status === 200, 20_000);
  });
});
