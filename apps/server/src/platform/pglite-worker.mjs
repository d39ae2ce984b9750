// The embedded database's own thread (issue #18 item 5, DECISIONS 113–114): PGlite runs here, so
// that a long statement (a 100,000-row upload) keeps this thread busy and not the API's event loop.
// db-pglite.ts is the other end; the messages are typed in pglite-protocol.ts. Plain JavaScript, so
// that the thread starts without a TypeScript loader.
//
// PGlite's own locks order the requests exactly as they did in-process: one transaction at a time,
// and a statement outside a transaction waits until the open one ends (it never runs inside it).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
/** @param {import('./pglite-protocol.ts').FromWorker} m */
const post = (m) => port.postMessage(m);

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint, …). */
function wireError(err) {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields = {};
  for (const [k, v] of Object.entries(err)) {
    if (['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { message: err.message, name: err.name, fields };
}

let db;
try {
  db = await PGlite.create(workerData.dir);
} catch (err) {
  post({ op: 'failed', error: wireError(err) });
  throw err;
}

/** Open transactions by id: the handle PGlite gave, how to end it, and its outcome. */
const open = new Map();
let lastTx = 0;
const ROLLBACK = Symbol('rollback');

/** Types the caller keeps as PostgreSQL's text (drizzle-orm/pglite's parsers are all identities). */
const parsersFor = new Map();
function parsers(rawTypes) {
  if (!rawTypes?.length) return undefined;
  const key = rawTypes.join(',');
  let p = parsersFor.get(key);
  if (!p) parsersFor.set(key, (p = Object.fromEntries(rawTypes.map((oid) => [oid, (v) => v]))));
  return p;
}

/** PGlite itself for a statement of no transaction; the transaction's own handle otherwise. */
function on(txId) {
  if (txId === undefined) return db;
  const t = open.get(txId);
  if (!t) throw new Error('Transaction is closed');
  return t.tx;
}

/** Starts a transaction; answers once PGlite has begun it (after the open one has ended). */
function begin() {
  const id = ++lastTx;
  return new Promise((started, failed) => {
    let end;
    const ended = new Promise((resolve) => (end = resolve));
    const done = db
      .transaction(async (tx) => {
        open.set(id, { tx, end, done });
        started(id);
        if (!(await ended)) throw ROLLBACK;
      })
      .catch((err) => {
        if (err !== ROLLBACK) throw err;
      })
      .finally(() => open.delete(id));
    done.catch(failed); // a BEGIN that failed; once begun, `end` reports the outcome
  });
}

async function end(txId, commit) {
  const t = open.get(txId);
  if (!t) throw new Error('Transaction is closed');
  t.end(commit);
  await t.done;
}

/**
 * A Buffer crosses the thread as a plain Uint8Array, which PGlite would write as a text parameter
 * as '104,195,…' (String of an array) where in-process it wrote the Buffer's UTF-8 text: back to a
 * Buffer over the same bytes.
 */
const paramsOf = (params) =>
  params?.map((p) =>
    p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p,
  );

const resultOf = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** @param {import('./pglite-protocol.ts').ToWorker} m */
async function handle(m) {
  switch (m.op) {
    case 'query':
      return resultOf(
        await on(m.tx).query(m.text, paramsOf(m.params), {
          rowMode: m.rowMode,
          parsers: parsers(m.rawTypes),
        }),
      );
    case 'exec':
      return (await on(m.tx).exec(m.text)).map(resultOf);
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
    default:
      throw new Error(`unknown request ${m.op}`);
  }
}

port.on('message', (m) => {
  handle(m)
    .then((result) => post({ op: 'reply', id: m.id, result }))
    // A failed statement, or an answer that cannot be copied to the other thread.
    .catch((err) => post({ op: 'reply', id: m.id, error: wireError(err) }));
});
post({ op: 'ready' });
