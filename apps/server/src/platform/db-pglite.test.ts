import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dirs.ts';
import type { Database } from './db.ts';
import { openPglite } from './db-pglite.ts';
import { asPlatform, withTenant } from './tenant-context.ts';

/**
 * The embedded database runs on a thread of its own (issue #18 item 5). Two things are proved
 * here: a long statement no longer stops the API's event loop, and the one PGlite session is never
 * shared between transactions: a transaction sees only its own statements and those committed
 * before it began, and a statement from elsewhere neither runs inside it nor is rolled back with it.
 */
let db: Database;
beforeAll(async () => {
  db = await openPglite(tempDir('pglite-thread-'));
  await db.orm.execute(sql`create table proof (v text not null)`);
  await db.orm.execute(sql`create table owned (tenant text not null, v text not null)`);
});
afterAll(async () => {
  await db?.close();
});

const values = async () =>
  (await db.orm.execute<{ v: string }>(sql`select v from proof order by v`)).rows.map((r) => r.v);

/** Resolves after `ms`; `settled` tells whether `p` had settled by then. */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setTimeout(r, ms));
  return settled;
}

describe('the API thread during a long statement', () => {
  it('keeps running timers and answering while the database works for seconds', async () => {
    let longest = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    // 1.5 s inside PGlite, whatever the machine's speed: WebAssembly sleeps by holding its thread
    // (in-process, the event loop stood still for all of it: 1,503 ms of 1,503).
    await db.orm.execute(sql`select pg_sleep(1.5)`);
    const took = performance.now() - started;
    clearInterval(tick);
    longest = Math.max(longest, performance.now() - last); // a loop that never ticked stood still throughout
    expect(took).toBeGreaterThan(1_400);
    // A fraction of it under any load (in-process it was all of it).
    expect(
      longest,
      `the event loop stood still for ${Math.round(longest)} ms of ${Math.round(took)}`,
    ).toBeLessThan(Math.min(took / 3, 300));
  });
});

describe('one session, never shared between transactions', () => {
  it('two transactions at once: the rolled-back one leaves nothing, neither sees the other, a statement outside waits and is not rolled back', async () => {
    await db.orm.execute(sql`truncate proof`);
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const seenByFirst: string[][] = [];
    let firstBegan!: () => void;
    const began = new Promise<void>((r) => (firstBegan = r));
    const first = db.orm
      .transaction(async (tx) => {
        await tx.execute(sql`insert into proof values ('first')`);
        firstBegan();
        await hold; // the others are issued while this one is open
        seenByFirst.push(
          (await tx.execute<{ v: string }>(sql`select v from proof order by v`)).rows.map((r) => r.v),
        );
        tx.rollback();
      })
      .catch((err: Error) => err);
    await began;
    const second = db.orm.transaction(async (tx) => {
      await tx.execute(sql`insert into proof values ('second')`);
      return (await tx.execute<{ v: string }>(sql`select v from proof order by v`)).rows.map((r) => r.v);
    });
    // (drizzle's query runs on each then(): taken once into a promise)
    const outside = Promise.resolve(db.orm.execute(sql`insert into proof values ('outside')`));
    // Neither runs while the first transaction is open: not inside it, not beside it.
    expect(await settledWithin(second, 200)).toBe(false);
    expect(await settledWithin(outside, 0)).toBe(false);
    release();
    expect(await first).toBeInstanceOf(Error); // drizzle's rollback
    expect(seenByFirst).toEqual([['first']]); // it saw its own row only
    expect(await second).not.toContain('first'); // the rolled-back row was never visible
    expect(await second).toContain('second');
    await outside;
    // The statement issued outside while the first was open was not swallowed by its rollback.
    expect(await values()).toEqual(['outside', 'second']);
  });

  it('a failing statement aborts its own transaction only; the next transaction and statement run normally', async () => {
    await db.orm.execute(sql`truncate proof`);
    const failing = db.orm.transaction(async (tx) => {
      await tx.execute(sql`insert into proof values ('kept out')`);
      await tx.execute(sql`insert into proof values (null)`); // not null: fails
    });
    const after = db.orm.transaction(async (tx) => {
      await tx.execute(sql`insert into proof values ('after')`);
    });
    const error = (await failing.catch((err: unknown) => err)) as { cause?: { code?: string } };
    expect(error.cause?.code).toBe('23502'); // PostgreSQL's fields cross the thread
    await after;
    await db.orm.execute(sql`insert into proof values ('alone')`);
    expect(await values()).toEqual(['after', 'alone']);
  });

  it('COPY from the blob runs inside its transaction: a throw after it rolls the rows back', async () => {
    await db.orm.execute(sql`truncate proof`);
    await db.copyTransaction(async (_tx, copyIn) => copyIn('proof', 'a\nb\n'));
    const thrown = await db
      .copyTransaction(async (_tx, copyIn) => {
        await copyIn('proof', 'c\n');
        throw new Error('refused');
      })
      .catch((err: Error) => err.message);
    expect(thrown).toBe('refused');
    expect(await values()).toEqual(['a', 'b']);
  });

  it('a NOTIFY reaches its listener before the committing call returns', async () => {
    const heard: string[] = [];
    await db.listen(
      'proof_channel',
      (p) => heard.push(p),
      () => undefined,
    );
    await db.orm.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('proof_channel', 'in a transaction')`);
    });
    expect(heard).toEqual(['in a transaction']);
    await db.orm.execute(sql`select pg_notify('proof_channel', 'on its own')`);
    expect(heard).toEqual(['in a transaction', 'on its own']);
  });

  it('keeps drizzle-orm/pglite types: timestamps as text to drizzle, numerics as text, json parsed, int8 as numbers', async () => {
    const row = (
      await db.orm.execute<{ t: string; n: string; j: { a: number }; i: number; d: string }>(
        sql`select timestamptz '2026-01-02 03:04:05+00' as t, 12.50::numeric as n, '{"a":1}'::json as j,
          42::int8 as i, date '2026-01-02' as d`,
      )
    ).rows[0]!;
    expect(typeof row.t).toBe('string');
    expect(row.n).toBe('12.50');
    expect(row.j).toEqual({ a: 1 });
    expect(row.i).toBe(42);
    expect(row.d).toBe('2026-01-02');
  });

  it('a Buffer parameter is its UTF-8 text, as in-process (the export stores its chunks so)', async () => {
    const r = await db.orm.execute<{ t: string; n: number }>(
      sql`select ${Buffer.from('héllo\r\n', 'utf8')}::text as t, octet_length(${Buffer.from('héllo', 'utf8')}::text) as n`,
    );
    expect(r.rows[0]).toEqual({ t: 'héllo\r\n', n: 6 });
  });
});

describe("another tenant's read between a transaction's statements (DECISIONS 124)", () => {
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';
  const owned = async (tenant: string) =>
    (
      await asPlatform(() =>
        db.orm.execute<{ v: string }>(sql`select v from owned where tenant = ${tenant} order by v`),
      )
    ).rows.map((r) => r.v);

  /**
   * Opens a transaction of tenant A that writes `first`, then waits for `hold` before it writes
   * 'last' and commits (or rolls back): the tests issue statements while it is open.
   */
  function openA(opts: { rollback?: boolean } = {}) {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const done = withTenant(A, () =>
      db.orm.transaction(async (tx) => {
        await tx.execute(sql`insert into owned values (${A}, 'a first')`);
        opened();
        await hold;
        await tx.execute(sql`insert into owned values (${A}, 'a last')`);
        if (opts.rollback) tx.rollback();
      }),
    ).catch((err: Error) => err);
    return { isOpen, release, done };
  }

  const read = (text: ReturnType<typeof sql>) =>
    Promise.resolve(db.orm.execute<{ v: string }>(text)).then((r) => r.rows.map((x) => x.v));

  it("answers at once with the other tenant's committed rows, and the transaction goes on as if it had not run", async () => {
    await asPlatform(() => db.orm.execute(sql`truncate owned`));
    await withTenant(B, () => db.orm.execute(sql`insert into owned values (${B}, 'b committed')`));
    const a = openA();
    await a.isOpen;
    const seen = withTenant(B, () => read(sql`select v from owned where tenant = ${B} order by v`));
    // Before the open transaction ends (it waits for `release`, which comes after).
    expect(await settledWithin(seen, 2_000)).toBe(true);
    expect(await seen).toEqual(['b committed']);
    a.release();
    expect(await a.done).toBeUndefined();
    expect(await owned(A)).toEqual(['a first', 'a last']);
  });

  it("waits for the transaction's first statement, which may have to come first (an export's SET TRANSACTION)", async () => {
    await asPlatform(() => db.orm.execute(sql`truncate owned`));
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    let begun!: () => void;
    const isBegun = new Promise<void>((r) => (begun = r));
    const done = withTenant(A, () =>
      db.orm.transaction(async (tx) => {
        begun();
        await hold;
        await tx.execute(sql`set transaction isolation level repeatable read`);
        await tx.execute(sql`insert into owned values (${A}, 'a repeatable')`);
      }),
    ).catch((err: Error) => err);
    await isBegun;
    const seen = withTenant(B, () => read(sql`select v from owned where tenant = ${B} order by v`));
    expect(await settledWithin(seen, 300)).toBe(false);
    release();
    expect(await done).toBeUndefined();
    expect(await seen).toEqual([]);
    expect(await owned(A)).toEqual(['a repeatable']);
  });

  it('a write of the other tenant waits for the transaction and is not rolled back with it', async () => {
    await asPlatform(() => db.orm.execute(sql`truncate owned`));
    const a = openA({ rollback: true });
    await a.isOpen;
    const write = withTenant(B, () =>
      Promise.resolve(db.orm.execute(sql`insert into owned values (${B}, 'b written')`)),
    );
    // A write disguised as a read: refused in the read-only savepoint, run after the transaction.
    const disguised = withTenant(B, () =>
      read(sql`with w as (insert into owned values (${B}, 'b by a cte') returning v) select v from w`),
    );
    const locking = withTenant(B, () =>
      read(sql`select v from owned where tenant = ${B} order by v for update`),
    );
    expect(await settledWithin(Promise.race([write, disguised, locking]), 300)).toBe(false);
    a.release();
    expect(await a.done).toBeInstanceOf(Error); // drizzle's rollback
    await write;
    expect(await disguised).toEqual(['b by a cte']);
    expect(await locking).toEqual(['b by a cte', 'b written']);
    expect(await owned(A)).toEqual([]);
    expect(await owned(B)).toEqual(['b by a cte', 'b written']);
  });

  it('a read that fails between leaves the transaction unharmed, and fails on its own after it', async () => {
    await asPlatform(() => db.orm.execute(sql`truncate owned`));
    const a = openA();
    await a.isOpen;
    const failing = withTenant(B, () => read(sql`select (1 / 0)::text as v`)).catch(
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(await settledWithin(failing, 300)).toBe(false); // tried between, failed: runs again after
    a.release();
    expect(await a.done).toBeUndefined(); // its next statement and its commit went through
    expect(await failing).toBe('22012');
    expect(await owned(A)).toEqual(['a first', 'a last']);
  });

  it("the transaction's own tenant, the platform, no tenant, a read of the clock, a lock and a notification wait for it to end", async () => {
    await asPlatform(() => db.orm.execute(sql`truncate owned`));
    const a = openA();
    await a.isOpen;
    const waiting = {
      sameTenant: withTenant(A, () => read(sql`select v from owned where tenant = ${A}`)),
      platform: asPlatform(() => read(sql`select v from owned where tenant = ${A}`)),
      noTenant: read(sql`select v from owned where tenant = ${A}`),
      // Inside the transaction, now() would be its start, not the read's.
      clock: withTenant(B, () => read(sql`select now()::text as v`)),
      lock: withTenant(B, () => read(sql`select pg_try_advisory_xact_lock(1)::text as v`)),
      notify: withTenant(B, () => read(sql`select pg_notify('proof_channel', 'from between')::text as v`)),
    };
    expect(await settledWithin(Promise.race(Object.values(waiting)), 300)).toBe(false);
    a.release();
    await a.done;
    // After the commit: every row of A, never the uncommitted half.
    expect(await waiting.sameTenant).toEqual(['a first', 'a last']);
    expect(await waiting.platform).toEqual(['a first', 'a last']);
    expect(await waiting.noTenant).toEqual(['a first', 'a last']);
    await Promise.all([waiting.clock, waiting.lock, waiting.notify]);
  });
});
