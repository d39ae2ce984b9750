import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * PostgreSQL's own client programs, of the newest version Debian installed (a pg_dump older than
 * the server refuses to dump it), else from PATH; PG_BIN_DIR names another directory.
 */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN_DIR) return path.join(process.env.PG_BIN_DIR, name);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const p = path.join(root, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  return name;
}

/**
 * pg_dump in the custom format (compressed, restored table by table by pg_restore) of the whole
 * database: the portal's tables, pg-boss's queue, the migrations' journal, row-level security's
 * policies and the grants to the portal's role. `ownerUrl` is DATABASE_OWNER_URL: the portal's own
 * role owns nothing and row-level security would hide every row from it. One snapshot, so the
 * copy is consistent while the portal runs.
 */
export async function backupPostgres(ownerUrl: string, file: string): Promise<{ bytes: number }> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} exists: a backup never overwrites a file.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await run(pgProgram('pg_dump'), ['--format=custom', `--file=${partial}`, `--dbname=${ownerUrl}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  fs.chmodSync(target, 0o600);
  return { bytes: fs.statSync(target).size };
}

/** The tables of the database at `url` outside PostgreSQL's own schemas. */
export async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the database at `ownerUrl`, in one transaction (all or nothing). A database
 * that already has tables is refused unless `force` (then its objects are dropped first:
 * --clean). Objects become the restoring role's (--no-owner: the owner's name may differ from the
 * backed-up one); grants to the portal's role come back, so that role must exist in the cluster.
 */
export async function restorePostgres(ownerUrl: string, file: string, force = false): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  if (!force && (await userTableCount(ownerUrl)) > 0)
    throw new Error(
      'The target database already has tables: restore into a new, empty database, or pass --force to replace its contents.',
    );
  const args = ['--single-transaction', '--exit-on-error', '--no-owner', `--dbname=${ownerUrl}`];
  if (force) args.push('--clean', '--if-exists');
  await run(pgProgram('pg_restore'), [...args, file], { maxBuffer: 16 * 1024 * 1024 });
}
