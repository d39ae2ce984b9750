import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import type { Database } from './db.ts';
import { openPglite } from './db-pglite.ts';

/**
 * Backups of the embedded database (issue #37 item 4). Only one process may open a data directory
 * (data-dir-lock.ts), so while the portal runs it takes the copy itself: `npm run backup` leaves a
 * request file in DATA_DIR/backup-requests/ and the portal, which looks there every second, writes
 * the copy and answers with a file beside it. Who can leave a request can already read the
 * database's files: no route, port or signal is added. With no portal running, the command opens
 * the directory itself and takes the same copy.
 */
export const REQUESTS_DIR = 'backup-requests';
/** How often the portal looks for a request. */
const LOOK_EVERY_MS = 1_000;

interface Answer {
  ok: boolean;
  bytes?: number;
  error?: string;
}

const requestsDir = (dataDir: string) => path.join(dataDir, REQUESTS_DIR);

/**
 * The portal's side: every second, takes the copies asked for (one at a time) and answers each.
 * Returns a stop() that waits for a copy under way.
 */
export function serveBackupRequests(
  dataDir: string,
  db: Database,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): () => Promise<void> {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const look = () => {
    if (busy) return;
    busy = true;
    running = serveWaiting(dir, db, log).finally(() => (busy = false));
  };
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  look();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

async function serveWaiting(
  dir: string,
  db: Database,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<void> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /^[0-9a-f]{16}\.request$/.test(n));
  } catch {
    return; // the directory went away (a test's data directory removed under it)
  }
  for (const name of names) {
    const id = name.slice(0, 16);
    const taking = path.join(dir, `${id}.taking`);
    try {
      fs.renameSync(path.join(dir, name), taking); // claimed: a request is served once
    } catch {
      continue;
    }
    let answer: Answer;
    const started = Date.now();
    try {
      const { file } = JSON.parse(fs.readFileSync(taking, 'utf8')) as { file: string };
      if (typeof file !== 'string' || !path.isAbsolute(file))
        throw new Error('the request names no absolute file');
      const { bytes } = await db.dumpTo!(file);
      answer = { ok: true, bytes };
      log.info({ file, bytes, ms: Date.now() - started }, 'backup: copy of the embedded database written');
    } catch (err) {
      answer = { ok: false, error: (err as Error).message };
      log.error({ err }, 'backup: the copy failed');
    }
    fs.writeFileSync(path.join(dir, `${id}.answer`), JSON.stringify(answer));
    fs.rmSync(taking, { force: true });
  }
}

/** The portal owning `dataDir`, if one runs: its PID from the lock file. */
function runningOwner(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8').trim(), 10);
    if (!Number.isInteger(pid) || pid === process.pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? -1 : undefined;
  }
}

/**
 * Writes a consistent copy of the embedded database in `dataDir` to `file` (which must not exist):
 * through the running portal when there is one, else by opening the directory. Answers the size
 * and who took it.
 */
export async function backupPglite(
  dataDir: string,
  file: string,
  waitMs = 10 * 60_000,
): Promise<{ bytes: number; by: 'portal' | 'command' }> {
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(`No embedded database in ${dataDir} (DATA_DIR): nothing to back up.`);
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} exists: a backup never overwrites a file.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (runningOwner(dataDir) === undefined) {
    try {
      const db = await openPglite(dataDir);
      try {
        return { ...(await db.dumpTo!(target)), by: 'command' };
      } finally {
        await db.close();
      }
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err; // a portal started meanwhile: ask it
    }
  }
  const dir = requestsDir(dataDir);
  if (!fs.existsSync(dir))
    throw new Error(`The portal owning ${dataDir} does not serve backup requests (an older version?).`);
  const id = crypto.randomBytes(8).toString('hex');
  const answerFile = path.join(dir, `${id}.answer`);
  fs.writeFileSync(path.join(dir, `${id}.tmp`), JSON.stringify({ file: target }), { mode: 0o600 });
  fs.renameSync(path.join(dir, `${id}.tmp`), path.join(dir, `${id}.request`));
  const end = Date.now() + waitMs;
  while (!fs.existsSync(answerFile)) {
    if (Date.now() > end) {
      fs.rmSync(path.join(dir, `${id}.request`), { force: true });
      throw new Error(
        `The portal owning ${dataDir} did not answer the backup request in ${waitMs / 1000} s.`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')) as Answer;
  fs.rmSync(answerFile, { force: true });
  if (!answer.ok) throw new Error(`The portal could not take the copy: ${answer.error}`);
  return { bytes: answer.bytes!, by: 'portal' };
}

/**
 * Restores a copy made by backupPglite into `dataDir`, with no portal running (the lock is taken
 * for the time of it). A directory that already holds a database is refused unless `force`, and
 * then kept beside it as pglite.before-restore-<time> rather than deleted.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  force = false,
): Promise<{ keptAside?: string }> {
  const bytes = fs.readFileSync(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const dbDir = path.join(dataDir, 'pglite');
    let keptAside: string | undefined;
    if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
      if (!force)
        throw new Error(
          `${dbDir} already holds a database: restore into an empty DATA_DIR, or pass --force to keep it aside.`,
        );
      keptAside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dbDir, keptAside);
    }
    const pg = await PGlite.create({ dataDir: dbDir, loadDataDir: new Blob([bytes]) });
    try {
      await pg.query('select 1');
    } finally {
      await pg.close();
    }
    return { keptAside };
  } finally {
    lock.release();
  }
}
