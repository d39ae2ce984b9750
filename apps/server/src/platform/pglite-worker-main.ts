// The embedded database's own thread (issue #18 item 5): PGlite runs here, so that a long statement
// (a 100,000-row upload) keeps this thread busy and not the API's event loop. db-pglite.ts is the
// other end. Every request is answered in the order PGlite finishes it; PGlite's own locks order
// them exactly as they did in-process: one transaction at a time, and a statement outside a
// transaction waits until the open one ends (it never runs inside it).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { FromWorker, ToWorker, WireError } from './pglite-protocol.ts';

const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);

let db: PGlite;
try {
  db = await PGlite.create((workerData as { dir: string }).dir);
} catch (err) {
  post({ op: 'failed', error: wireError(err) });
  throw err;
}

/** Open transactions by id: the handle PGlite gave and how to end it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
let lastTx = 0;
const ROLLBACK = Symbol('rollback');

/** Columns the caller keeps as PostgreSQL's text (drizzle parses dates, numerics[] itself). */
const parsersFor = new Map<string, Record<number, (v: string) => string>>();
function parsers(rawTypes: number[] | undefined) {
  if (!rawTypes?.length) return undefined;
  const key = rawTypes.join(',');
  let p = parsersFor.get(key);
  if (!p) parsersFor.set(key, (p = Object.fromEntries(rawTypes.map((oid) => [oid, (v: string) => v]))));
  return p;
}

function on(txId: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (txId === undefined) return db;
  const t = open.get(txId);
  if (!t) throw new Error('Transaction is closed');
  return t.tx;
}

/** Starts a transaction and answers once PGlite has begun it (it waits for the open one to end). */
function begin(): Promise<number> {
  const id = ++lastTx;
  return new Promise<number>((started, failed) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const done = db
      .transaction(async (tx) => {
        open.set(id, { tx, end, done });
        started(id);
        if (!(await ended)) throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      })
      .finally(() => open.delete(id));
    done.catch(failed); // a BEGIN that failed (once started, `end` reports the outcome)
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const t = open.get(txId);
  if (!t) throw new Error('Transaction is closed');
  t.end(commit);
  await t.done;
}

async function handle(m: ToWorker): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const r = await on(m.tx).query(m.text, m.params, {
        rowMode: m.rowMode,
        parsers: parsers(m.rawTypes),
      });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec':
      return (await on(m.tx).exec(m.text)).map((r) => ({
        rows: r.rows,
        fields: r.fields,
        affectedRows: r.affectedRows,
      }));
    case 'copy':
      await on(m.tx).query(`copy ${m.table} from '/dev/blob'`, [], { blob: new Blob([m.data]) });
      return null;
    case 'begin':
      return begin();
    case 'end':
      return end(m.tx, m.commit);
    case 'listen':
      // PGlite calls this in a microtask queued while it reads the committing statement's answer,
      // so the payload is posted before that statement's own answer.
      await db.listen(m.channel, (payload) => post({ op: 'notify', channel: m.channel, payload }));
      return null;
    case 'close':
      for (const t of open.values()) t.end(false);
      await Promise.allSettled([...open.values()].map((t) => t.done));
      await db.close();
      return null;
  }
}

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint, …). */
function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: WireError['fields'] = {};
  for (const [k, v] of Object.entries(err)) {
    if (['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v as string | number | boolean;
  }
  return { message: err.message, name: err.name, fields };
}

port.on('message', (m: ToWorker) => {
  handle(m).then(
    (result) => post({ op: 'reply', id: m.id, result }),
    (err: unknown) => post({ op: 'reply', id: m.id, error: wireError(err) }),
  );
});
post({ op: 'ready' });
