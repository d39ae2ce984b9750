import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from '../db/schema/index.ts';
import type { PoolFigures } from './metrics.ts';
import { openPglite } from './db-pglite.ts';
import { openPostgres } from './db-postgres.ts';

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
  /**
   * Calls `onNotify(payload)` for each NOTIFY on `channel` committed by any process of the portal.
   * `onReset(false)` is called when delivery may have missed notifications (the listening
   * connection dropped), and `onReset(true)` once it listens again: in between, a cache fed by
   * these notifications must not be trusted.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReset: (live: boolean) => void,
  ): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handed to `listen`'s
   * subscribers (a read barrier for a cache they feed); rejects when not listening.
   */
  notificationsCaughtUp(): Promise<void>;
  ping(): Promise<void>;
  /** The connections now in use, idle and waited for (metrics; PGlite: its one thread). */
  poolFigures(): PoolFigures;
  /**
   * PGlite only: writes a consistent copy of the data directory (PGlite's gzipped tar, taken
   * between two transactions) to `file`, which must not exist; answers its size.
   */
  dumpTo?: (file: string) => Promise<{ bytes: number }>;
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
