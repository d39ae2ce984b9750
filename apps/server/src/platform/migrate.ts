import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Orm } from './db.ts';

const migrationsDir = path.resolve(import.meta.dirname, '../db/migrations');
/** Any constant shared by every process of the portal; serialises concurrent starts. */
const MIGRATION_LOCK_KEY = 7_341_002;

interface Journal {
  entries: { idx: number; tag: string }[];
}

function journalTags(): string[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => e.tag);
}

let knownTags: string[] | undefined;

/**
 * The migrations this process's code knows that the database has not applied (readiness, issue
 * #37 item 3): a database restored from an older backup, or one whose migrating process failed.
 */
export async function pendingMigrations(orm: Orm): Promise<string[]> {
  knownTags ??= journalTags();
  const done = await orm.execute<{ tag: string }>(sql`select tag from portal_migrations`);
  const applied = new Set(done.rows.map((r) => r.tag));
  return knownTags.filter((t) => !applied.has(t));
}

/**
 * Applies the committed SQL migrations in order, once each, under an advisory lock. On PostgreSQL
 * as the tables' owner (DATABASE_OWNER_URL), in the platform's context.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists portal_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const done = await tx.execute<{ tag: string }>(sql`select tag from portal_migrations`);
    const applied = new Set(done.rows.map((r) => r.tag));
    const ran: string[] = [];
    for (const { tag } of entries) {
      if (applied.has(tag)) continue;
      const text = fs.readFileSync(path.join(migrationsDir, `${tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into portal_migrations (tag) values (${tag})`);
      ran.push(tag);
    }
    // Row-level security on every table with a tenant_id (migration 0033, DECISIONS 110), those
    // added by later migrations included: none can be forgotten.
    if (ran.length) {
      const secure = await tx.execute<{ present: boolean }>(
        sql`select to_regproc('portal_secure_tenant_tables') is not null as present`,
      );
      if (secure.rows[0]?.present) await tx.execute(sql`select portal_secure_tenant_tables()`);
    }
    return ran;
  });
}
