import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPglite } from '../../src/platform/db-pglite.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** One table's figures: its rows and the md5 of their text, ordered by primary key. */
export interface TableSum {
  rows: number;
  md5: string;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table outside PostgreSQL's own schemas (the portal's, pg-boss's, the migrations' journal). */
const TABLES = `
  select n.nspname as schema, c.relname as name,
    (select string_agg(quote_ident(a.attname), ', ' order by k.ord)
       from pg_index i cross join unnest(i.indkey) with ordinality k(attnum, ord)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = c.oid and i.indisprimary) as pk
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

async function sums(query: Query): Promise<Record<string, TableSum>> {
  const out: Record<string, TableSum> = {};
  for (const t of (await query(TABLES)) as { schema: string; name: string; pk: string | null }[]) {
    const ident = `"${t.schema}"."${t.name}"`;
    // A table without a primary key is ordered by its rows' whole text.
    const order = t.pk ?? 't::text';
    const [row] = await query(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as md5 from ${ident} t`,
    );
    out[`${t.schema}.${t.name}`] = { rows: Number(row!.rows), md5: String(row!.md5) };
  }
  return out;
}

/**
 * The checksum of every table of a stopped portal's database: on PostgreSQL as the owner (`url`,
 * whom row-level security does not hold), else of the embedded database in `dataDir`.
 */
export async function tableChecksums(where: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<Record<string, TableSum>> {
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    try {
      return await sums(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    } finally {
      await client.end();
    }
  }
  const db = await openPglite(where.dataDir);
  try {
    return await sums(async (text) => (await db.executor.executeSql(text)).rows as Record<string, unknown>[]);
  } finally {
    await db.close();
  }
}

/**
 * `npm run backup` / `npm run restore` as an operator runs them (backup-cli.ts, a process of its
 * own) against a portal's storage; answers the seconds it took and what it printed.
 */
export async function runBackupCli(
  args: string[],
  where: { dataDir: string; databaseUrl: string | undefined },
  env: Record<string, string> = {},
): Promise<{ seconds: number; output: string }> {
  const started = Date.now();
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: where.dataDir,
      DATABASE_URL: where.databaseUrl ?? '',
      DATABASE_OWNER_URL: where.databaseUrl ?? '',
      ...env,
    },
  });
  return { seconds: (Date.now() - started) / 1000, output: stdout + stderr };
}
