import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as schema from '../db/schema/index.ts';
import { snapshotLiteral, type CopyIn, type Database } from './db.ts';
import { PgListener } from './pg-listener.ts';

export async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  // JIT off: the portal's queries are short, or (the payroll COPY) spend longer compiling than the
  // compiled code saves; a planner estimate over jit_above_cost paid 0.1–0.5 s of compilation.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c jit=off' });
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
    notificationsCaughtUp: () => listener.caughtUp(),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      listener.close();
      await pool.end();
    },
  };
}
