import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as schema from '../db/schema/index.ts';
import { snapshotLiteral, type CopyIn, type Database } from './db.ts';

export async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  // JIT off: the portal's queries are short, or (the payroll COPY) spend longer compiling than the
  // compiled code saves; a planner estimate over jit_above_cost paid 0.1–0.5 s of compilation.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c jit=off' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const orm = drizzlePg(pool, { schema });
  await pool.query('select 1');
  const listener = new Listener(databaseUrl);
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
            await pipeline(Readable.from([data]), client.query(copyFrom(`copy ${table} from stdin`)));
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
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      listener.close();
      await pool.end();
    },
  };
}

type Subscription = {
  channel: string;
  onNotify: (payload: string) => void;
  onReset: (live: boolean) => void;
};

/**
 * One connection of its own that LISTENs on every channel asked for, outside the pool (a pooled
 * connection would be handed to queries). When it drops, every subscriber hears `onReset(false)`
 * at once (notifications may be lost from then on) and it reconnects with a growing pause; once it
 * listens again, `onReset(true)`.
 */
class Listener {
  private readonly subscriptions: Subscription[] = [];
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private closed = false;
  private retryMs = 250;

  constructor(private readonly databaseUrl: string) {}

  async listen(channel: string, onNotify: Subscription['onNotify'], onReset: Subscription['onReset']) {
    const sub = { channel, onNotify, onReset };
    this.subscriptions.push(sub);
    if (this.client) {
      await this.client.query(`listen ${pg.escapeIdentifier(channel)}`);
      onReset(true);
    } else {
      await this.connect();
    }
  }

  close(): void {
    this.closed = true;
    void this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      for (const s of this.subscriptions) s.onReset(false);
      if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      for (const s of this.subscriptions) if (s.channel === n.channel) s.onNotify(n.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of new Set(this.subscriptions.map((s) => s.channel))) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
    } catch (err) {
      void client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
      throw err;
    }
    if (this.closed) {
      void client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 250;
    for (const s of this.subscriptions) s.onReset(true);
  }
}
