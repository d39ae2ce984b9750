// The embedded database's own thread (issue #18 item 5, DECISIONS 113–114): PGlite runs here, so
// that a long statement (a 100,000-row upload) keeps this thread busy and not the API's event loop.
// db-pglite.ts is the other end; the messages are typed in pglite-protocol.ts. Plain JavaScript, so
// that the thread starts without a TypeScript loader.
//
// PGlite's own locks order the requests as they did in-process: one transaction at a time, and a
// statement outside a transaction waits until the open one ends. One exception (DECISIONS 124): a
// read of another tenant may run between the open transaction's statements, kept apart from it by
// a read-only savepoint that is always rolled back (`readBetween`).
import fs from 'node:fs';
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

/**
 * Open transactions by id: the handle PGlite gave, how to end it, its outcome, whose rows it works
 * on (`context`, as tenant-context.ts's tenantSetting()), and the turns its own statements and the
 * reads run between them take (`Turns`). PGlite runs one at a time, so at most one is here.
 */
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

/** Transaction `txId`, open. */
function opened(txId) {
  const t = open.get(txId);
  if (!t) throw new Error('Transaction is closed');
  return t;
}

/**
 * How long the transaction's next statement waits after a read between its statements for the
 * next read to arrive: a request's reads come one after another, each once the one before has
 * answered on the API's thread, and without the wait each would queue behind a statement of the
 * transaction (an upload's: up to a few hundred milliseconds). The anticipatory wait of Linux's old
 * I/O scheduler, for the same reason.
 */
const ANTICIPATE_MS = 5;
/** The longest the transaction's next statement lets reads go first, counted from its arrival. */
const READS_FIRST_MS = 100;

/**
 * Who runs next on a transaction: one thing at a time, the reads between its statements before its
 * own next statement (which waits ANTICIPATE_MS after a read for another, READS_FIRST_MS at most).
 */
class Turns {
  reads = [];
  own = [];
  busy = false;
  lastRead = -Infinity;
  timer = null;

  /** Runs the transaction's own `fn` in its turn. */
  mine(fn) {
    return this.#queue(this.own, fn);
  }

  /** Runs a read between the transaction's statements in its turn, before the transaction's next. */
  between(fn) {
    return this.#queue(this.reads, fn);
  }

  /** Settles once everything queued has run. */
  async idle() {
    while (this.busy || this.reads.length || this.own.length) await this.mine(async () => undefined);
  }

  #queue(list, fn) {
    return new Promise((resolve, reject) => {
      list.push({ fn, resolve, reject, at: performance.now() });
      this.#next();
    });
  }

  #next() {
    if (this.busy) return;
    clearTimeout(this.timer);
    let job = this.reads.shift();
    if (job) job.read = true;
    else if (this.own.length) {
      const now = performance.now();
      const wait = Math.min(this.lastRead + ANTICIPATE_MS, this.own[0].at + READS_FIRST_MS) - now;
      if (wait > 0) {
        this.timer = setTimeout(() => this.#next(), wait);
        return;
      }
      job = this.own.shift();
    }
    if (!job) return;
    this.busy = true;
    job
      .fn()
      .then(job.resolve, job.reject)
      .finally(() => {
        this.busy = false;
        if (job.read) this.lastRead = performance.now();
        this.#next();
      });
  }
}

/** Starts a transaction; answers once PGlite has begun it (after the open one has ended). */
function begin(context) {
  const id = ++lastTx;
  return new Promise((started, failed) => {
    let end;
    const ended = new Promise((resolve) => (end = resolve));
    const done = db
      .transaction(async (tx) => {
        open.set(id, {
          tx,
          end,
          done,
          context,
          turns: new Turns(),
          ending: false,
          broken: null,
          begun: false,
        });
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
  const t = opened(txId);
  t.ending = true;
  await t.turns.idle();
  t.end(commit && !t.broken);
  await t.done;
  if (commit && t.broken) throw t.broken;
}

/** The transaction open now, if any. */
const current = () => open.values().next().value;

/**
 * Statements that may read between another tenant's transaction's statements: one SELECT (or WITH)
 * that reads the clock of no transaction (inside one, now() is the transaction's start), takes no
 * advisory lock (one session holds them all: a lock taken between would always be granted), and
 * neither sets a setting nor notifies (allowed read-only, but the rollback would take them back
 * after the statement had answered as if done).
 */
const READ = /^\s*(select|with)\b/i;
const NOT_BETWEEN =
  /\b(now|transaction_timestamp|set_config|pg_notify|pg_(try_)?advisory\w*)\s*\(|\bcurrent_(date|time|timestamp)\b|\blocal(time|timestamp)\b/i;
const isTenant = (context) => Boolean(context) && context !== 'platform';
const DEFER = Symbol('defer');

/**
 * A read of tenant `m.context` between the statements of the open transaction `t` of another
 * tenant (issue #18 item 5: a 100,000-row upload is one transaction of some 500 statements, and
 * other tenants' reads waited for all of it). It runs in a savepoint in read-only mode, rolled back
 * whatever happens, so it can write nothing, take no lock past its own end and leave no setting
 * behind; it could see the transaction's uncommitted rows, which are all the other tenant's, and
 * it reads only its own tenant's, as everywhere. Anything it cannot do there (a write, an error, a
 * transaction already failed) is DEFER: the statement runs again on its own after `t` ends, and
 * its answer or error is that one's.
 */
async function readBetween(t, m) {
  const tx = t.tx;
  try {
    await tx.exec('savepoint portal_read_between; set local transaction_read_only = on');
  } catch {
    return DEFER; // a transaction whose statement failed takes no savepoint until it rolls back
  }
  let answer;
  try {
    answer = await statement(tx, m);
  } catch {
    answer = DEFER;
  }
  try {
    await tx.exec('rollback to savepoint portal_read_between; release savepoint portal_read_between');
  } catch (err) {
    // Not seen; but a transaction that cannot be taken back to its state before the read must not commit.
    t.broken = err;
  }
  return answer;
}

/** A statement of no transaction: between the open transaction's statements when it may be, else after it. */
async function alone(m) {
  const t = current();
  if (
    m.op === 'query' &&
    t &&
    // Not before the transaction's own first statement: a read between would take that place, and
    // a statement that must come first (SET TRANSACTION ISOLATION LEVEL, an export's) then fails.
    t.begun &&
    !t.ending &&
    isTenant(m.context) &&
    isTenant(t.context) &&
    m.context !== t.context &&
    READ.test(m.text) &&
    !NOT_BETWEEN.test(m.text)
  ) {
    const answer = await t.turns.between(() => (t.broken ? DEFER : readBetween(t, m)));
    if (answer !== DEFER) return answer;
  }
  return m.op === 'exec' ? (await db.exec(m.text)).map(resultOf) : statement(db, m);
}

const statement = async (on, m) =>
  resultOf(await on.query(m.text, paramsOf(m.params), { rowMode: m.rowMode, parsers: parsers(m.rawTypes) }));

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

/**
 * A copy of the data directory (issue #37 item 4) as PGlite's own gzipped tar, written to `file`
 * (created, never overwritten). CHECKPOINT first, so the copy's first start replays little WAL.
 * The files are then read while this thread holds PGlite's transaction lock, which an open
 * transaction holds until it ends and every statement takes: nothing runs while they are read, so
 * the copy is the database between two transactions, every committed one in it and no half of any.
 */
async function dump(file) {
  await db.exec('checkpoint');
  const tar = await db._runExclusiveTransaction(() => db.dumpDataDir('gzip'));
  const bytes = Buffer.from(await tar.arrayBuffer());
  fs.writeFileSync(file, bytes, { flag: 'wx', mode: 0o600 });
  return { bytes: bytes.length };
}

/** @param {import('./pglite-protocol.ts').ToWorker} m */
async function handle(m) {
  switch (m.op) {
    case 'query':
    case 'exec': {
      if (m.tx === undefined) return alone(m);
      const t = opened(m.tx);
      return t.turns.mine(async () => {
        try {
          return m.op === 'exec' ? (await t.tx.exec(m.text)).map(resultOf) : await statement(t.tx, m);
        } finally {
          t.begun = true;
        }
      });
    }
    case 'copy': {
      const t = opened(m.tx);
      return t.turns.mine(async () => {
        try {
          await t.tx.query(`copy ${m.table} from '/dev/blob'`, [], { blob: new Blob([m.data]) });
        } finally {
          t.begun = true;
        }
        return null;
      });
    }
    case 'begin':
      return begin(m.context);
    case 'end':
      return end(m.tx, m.commit);
    case 'listen':
      // PGlite calls this in a microtask queued while it reads the committing statement's answer,
      // so the payload is posted before that statement's own answer.
      await db.listen(m.channel, (payload) => post({ op: 'notify', channel: m.channel, payload }));
      return null;
    case 'dump':
      return dump(m.file);
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
