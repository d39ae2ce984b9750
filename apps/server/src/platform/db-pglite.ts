import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from '../db/schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import type { Database, Orm } from './db.ts';

/** The embedded database (demo and single-machine use): one owner process, one session. */
export async function openPglite(dataDir: string): Promise<Database> {
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
    async listen(channel, onNotify, onReset) {
      // One process owns the embedded database, so every NOTIFY is this process's own.
      await client.listen(channel, onNotify);
      onReset(true);
    },
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
