import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { finished as streamFinished } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as schema from '../db/schema/index.ts';
import { snapshotLiteral, type CopyIn, type Database } from './db.ts';
import { PgListener } from './pg-listener.ts';
import { tenantSetting } from './tenant-context.ts';

/** The `app.tenant_id` a pooled connection was last given (session-level), per connection. */
const appliedSetting = Symbol('app.tenant_id');
type ScopedClient = pg.PoolClient & { [appliedSetting]?: string };

/**
 * A pool whose every checkout carries the tenant context of the code that asked for it
 * (tenant-context.ts) as `app.tenant_id`, which the row-level security policies read (migration
 * 0033, DECISIONS 110). The setting is session-level and each connection remembers what it was
 * given: a checkout in the same context as the connection's last costs nothing; one in another
 * context first runs one `set_config`. Every checkout sets it, so no checkout inherits another's
 * context (a connection whose `set_config` failed is closed, not reused). drizzle's queries,
 * transactions (pool.connect), COPY and pg-boss all go through `connect` (pg-pool's `query` checks
 * a client out through it).
 */
class ScopedPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // A connection the server ends (a restart: FATAL 57P01, then "Connection terminated
    // unexpectedly") emits 'error' on its Client. pg-pool listens only while the client is idle;
    // a checked-out client (a transaction between statements, a COPY, a query in flight) had no
    // listener and the process died of an unhandled 'error' event (issue #31). The query in flight
    // rejects on its own (a 503, platform/errors.ts) and pg-pool drops the client when released.
    this.on('connect', (client) => client.on('error', () => undefined));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // Read now, in the caller's context: the client may come back later, from another context.
    const wanted = tenantSetting();
    const scoped = super.connect().then(async (client: ScopedClient) => {
      if (client[appliedSetting] === wanted) return client;
      try {
        await client.query(`select set_config('app.tenant_id', $1, false)`, [wanted]);
      } catch (err) {
        client.release(err instanceof Error ? err : true);
        throw err;
      }
      client[appliedSetting] = wanted;
      return client;
    });
    if (!callback) return scoped;
    scoped.then(
      (client) =>
        callback(undefined, client, (release) => client.release(release as boolean | Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }
}

export async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  // JIT off: the portal's queries are short, or (the payroll COPY) spend longer compiling than the
  // compiled code saves; a planner estimate over jit_above_cost paid 0.1–0.5 s of compilation.
  const pool = new ScopedPool({ connectionString: databaseUrl, max: poolSize, options: '-c jit=off' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const orm = drizzlePg(pool, { schema });
  await pool.query('select 1');
  const listener = new PgListener(databaseUrl);
  return {
    kind: 'postgres',
    orm,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async *copyOut(statement, snapshot) {
      const client = await pool.connect();
      let finished = false;
      try {
        if (snapshot) {
          await client.query('begin isolation level repeatable read');
          await client.query(`set transaction snapshot ${snapshotLiteral(snapshot)}`);
        }
        for await (const piece of client.query(copyTo(statement))) yield piece as Buffer;
        if (snapshot) await client.query('commit');
        finished = true;
      } finally {
        // A copy left half-read (the reader stopped or failed) leaves the connection mid-protocol:
        // it is closed rather than returned to the pool.
        client.release(!finished);
      }
    },
    async copyTransaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        const tx = drizzlePg(client, { schema });
        const copyIn: CopyIn = async (table, data) => {
          try {
            // The text goes into the COPY stream itself. Through pipeline(Readable.from([data]), …)
            // every upload batch's text (1.5 MB per 3,000 rows) outlived the next young-generation
            // collection and piled up in the old generation until a full one: 100–130 MB of dead
            // texts at the top of a 1,000,000-row upload (issue #23, bench/README's bench:ingest).
            const copy = client.query(copyFrom(`copy ${table} from stdin`));
            copy.end(data);
            await streamFinished(copy);
          } catch (err) {
            broken = true; // a copy cut off mid-stream leaves the connection mid-protocol
            throw err;
          }
        };
        return await tx.transaction((inner) => fn(inner, copyIn));
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify, onReset) => listener.listen(channel, onNotify, onReset),
    notificationsCaughtUp: () => listener.caughtUp(),
    async ping() {
      await pool.query('select 1');
    },
    poolFigures: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      listener.close();
      await pool.end();
    },
  };
}
