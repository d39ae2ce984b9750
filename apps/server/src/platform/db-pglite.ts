import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from '../db/schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import type { Database, Orm } from './db.ts';
import type { FromWorker, ToWorker, WireError } from './pglite-protocol.ts';
import { tenantSetting } from './tenant-context.ts';

type Request = ToWorker extends infer T ? (T extends ToWorker ? Omit<T, 'id'> : never) : never;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Results = { rows: unknown[]; fields: unknown[]; affectedRows?: number };

/** How long closing waits for the database's thread to finish its statement and close cleanly. */
const CLOSE_WAIT_MS = 4_000;

/**
 * The embedded database (demo and single-machine use): one owner process, one session, run on a
 * thread of its own (pglite-worker.mjs) so that a long statement does not stop the API's event
 * loop (issue #18 item 5: /healthz and other tenants' requests waited for a 100,000-row upload).
 * Drizzle drives it through `PgliteThread`, which has the shape of the PGlite calls drizzle-orm/pglite
 * makes (query, transaction), so results are parsed exactly as with PGlite in-process.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  let client: PgliteThread;
  try {
    client = await PgliteThread.start(path.join(dataDir, 'pglite'));
  } catch (err) {
    lock.release();
    throw err;
  }
  const orm = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Orm;
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
        return fn(tx, (table, data) => ptx.copyFromBlob(table, data));
      }),
    async listen(channel, onNotify, onReset) {
      // One process owns the embedded database, so every NOTIFY is this process's own. The thread
      // posts a payload before the answer to the statement that committed it: a cache evicts an
      // entry before the committing request's own response is sent.
      await client.listen(channel, onNotify, onReset);
      onReset(true);
    },
    // The committing call's answer comes after its notifications (above): always caught up.
    notificationsCaughtUp: async () => undefined,
    async ping() {
      await client.query('select 1');
    },
    // One thread runs one statement at a time: busy or idle, and the statements queued behind it.
    poolFigures: () => ({
      inUse: Math.min(1, client.inFlight),
      idle: client.inFlight > 0 ? 0 : 1,
      waiting: Math.max(0, client.inFlight - 1),
    }),
    dumpTo: (file) => client.dump(file),
    async close() {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

const checkedParsers = new WeakMap<object, number[]>();
/**
 * The type oids of drizzle-orm/pglite's parsers, which each keep a type as PostgreSQL's text; a
 * parser that does anything else (a later drizzle) is refused rather than silently not applied.
 */
function textTypes(parsers: Record<number, unknown>): number[] {
  let oids = checkedParsers.get(parsers);
  if (!oids) {
    for (const parse of Object.values(parsers)) {
      if (typeof parse !== 'function' || parse('2026-01-02 03:04:05') !== '2026-01-02 03:04:05')
        throw new Error('the embedded database applies only parsers that keep a type as text');
    }
    oids = Object.keys(parsers).map(Number);
    checkedParsers.set(parsers, oids);
  }
  return oids;
}

/** A statement's error as the caller's Error, with PostgreSQL's fields (code, constraint, …) on it. */
function toError(e: WireError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  err.name = e.name;
  return err;
}

/**
 * The API thread's end of the embedded database's thread. Statements without a transaction id run
 * on their own once no transaction is open (or, reads of another tenant, between its statements in
 * a read-only savepoint: pglite-worker.mjs); `transaction()` hands its callback a handle whose
 * statements carry the transaction's id, so a statement from elsewhere never becomes part of it.
 */
class PgliteThread {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, ((payload: string) => void)[]>();
  private readonly resets: ((live: boolean) => void)[] = [];
  private lastId = 0;
  private gone: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: FromWorker) => {
      if (m.op === 'notify') {
        for (const fn of this.listeners.get(m.channel) ?? []) fn(m.payload);
      } else if (m.op === 'reply') {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (this.pending.size === 0) worker.unref();
        if (m.error) p.reject(toError(m.error));
        else p.resolve(m.result);
      }
    });
    const stop = (err: Error) => {
      // A thread that died unasked: nothing it was to notify will come (a cache must stop trusting).
      if (!this.gone) for (const reset of this.resets) reset(false);
      this.gone ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) =>
      stop(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
  }

  static async start(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dir },
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const early = (m: FromWorker) => {
        worker.off('error', reject);
        worker.off('exit', exited);
        if (m.op === 'ready') resolve();
        else if (m.op === 'failed') reject(toError(m.error));
      };
      const exited = (code: number) =>
        reject(new Error(`the embedded database's thread stopped (exit code ${code})`));
      worker.once('message', early);
      worker.once('error', reject);
      worker.once('exit', exited);
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    worker.unref(); // only a request in flight keeps the process alive
    return new PgliteThread(worker);
  }

  /** Requests sent to the thread and not yet answered: the one running and those queued behind it. */
  get inFlight(): number {
    return this.pending.size;
  }

  private send<T>(request: Request): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id } satisfies ToWorker);
    });
  }

  query(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results> {
    return this.send({
      op: 'query',
      tx,
      context: tx === undefined ? tenantSetting() : undefined,
      text,
      params,
      rowMode: options?.rowMode,
      // drizzle's parsers keep these types as text; the thread applies the same (functions do not
      // cross threads).
      rawTypes: options?.parsers ? textTypes(options.parsers) : undefined,
    });
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.send({ op: 'exec', tx, context: tx === undefined ? tenantSetting() : undefined, text });
  }

  async transaction<T>(fn: (tx: PgliteThreadTx) => Promise<T>): Promise<T> {
    const id = await this.send<number>({ op: 'begin', context: tenantSetting() });
    let result: T;
    try {
      result = await fn(new PgliteThreadTx(this, id));
    } catch (err) {
      await this.send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.send({ op: 'end', tx: id, commit: true });
    return result;
  }

  dump(file: string): Promise<{ bytes: number }> {
    return this.send({ op: 'dump', file });
  }

  copyFromBlob(tx: number, table: string, data: string): Promise<void> {
    return this.send({ op: 'copy', tx, table, data });
  }

  async listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReset: (live: boolean) => void,
  ): Promise<void> {
    this.resets.push(onReset);
    const list = this.listeners.get(channel);
    if (list) list.push(onNotify);
    else this.listeners.set(channel, [onNotify]);
    if (!list) await this.send({ op: 'listen', channel });
  }

  /**
   * Rolls back an open transaction and closes PGlite; a statement that keeps its thread busy longer
   * than CLOSE_WAIT_MS (a maintenance job's VACUUM) is cut short by stopping the thread, as a crash
   * would: PostgreSQL's recovery replays the log on the next start. The process's shutdown must
   * not wait for it.
   */
  async close(): Promise<void> {
    if (this.gone) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.send({ op: 'close' }),
        new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
    } finally {
      clearTimeout(timer);
      this.gone = new Error('the embedded database is closed');
      await this.worker.terminate();
    }
  }
}

/** A transaction's handle: PGlite's transaction calls that drizzle makes, bound to its id. */
class PgliteThreadTx {
  constructor(
    private readonly thread: PgliteThread,
    private readonly id: number,
  ) {}

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.thread.query(text, params, options, this.id);
  }

  exec(text: string): Promise<Results[]> {
    return this.thread.exec(text, this.id);
  }

  copyFromBlob(table: string, data: string): Promise<void> {
    return this.thread.copyFromBlob(this.id, table, data);
  }
}
