import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as schema from '../db/schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/** The one ORM type the repositories see; both backends speak the PostgreSQL dialect. */
export type Orm = NodePgDatabase<typeof schema>;

/** What pg-boss needs to run its SQL on our connection (PGlite adapter or pool). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A snapshot id as pg_export_snapshot() answers it ('00000003-0000001B-1'), quoted for SET TRANSACTION SNAPSHOT. */
export function snapshotLiteral(id: string): string {
  if (!/^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i.test(id)) throw new Error(`not a snapshot id: ${id}`);
  return `'${id}'`;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  executor: SqlExecutor;
  /**
   * PostgreSQL only: runs `COPY (…) TO STDOUT` on a connection of its own and yields the raw bytes
   * as the server sends them (no row-by-row parsing). One statement, so one consistent snapshot;
   * with `snapshot` (pg_export_snapshot() of an open transaction) the snapshot of that transaction.
   */
  copyOut?: (statement: string, snapshot?: string) => AsyncIterable<Buffer>;
  /**
   * One transaction whose callback can also load rows with COPY (text format) inside it: from
   * STDIN on PostgreSQL, from a blob on PGlite. A throw rolls everything back.
   */
  copyTransaction<T>(fn: (tx: Orm, copyIn: CopyIn) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Appends `data` (rows in COPY text format) to `table`. */
export type CopyIn = (table: string, data: string) => Promise<void>;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(path.join(dataDir, 'pglite'));
  } catch (err) {
    lock.release();
    throw err;
  }
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    executor: {
      // PGlite's extended protocol takes one statement; pg-boss sends multi-statement scripts without
      // parameters, which go through exec() (simple protocol).
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    copyTransaction: (fn) =>
      client.transaction(async (ptx) => {
        // Drizzle over the transaction's own handle: its queries and the COPY share the transaction.
        const tx = drizzlePglite(ptx as unknown as PGlite, { schema }) as unknown as Orm;
        return fn(tx, async (table, data) => {
          await ptx.query(`copy ${table} from '/dev/blob'`, [], { blob: new Blob([data]) });
        });
      }),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  // JIT off: the portal's queries are short, or (the payroll COPY) spend longer compiling than the
  // compiled code saves; a planner estimate over jit_above_cost paid 0.1–0.5 s of compilation.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c jit=off' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const orm = drizzlePg(pool, { schema });
  await pool.query('select 1');
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
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
