import { sql, type SQL } from 'drizzle-orm';
import type { HrListKind } from '@portal/contract/hr-lists';
import type { TenantScope } from '../../access/actor.ts';
import type { CopyIn, Database, Orm } from '../../platform/db.ts';
import { WHOLE_TENANT_MEMORY } from '../../platform/statement-memory.ts';

/** What an upload did to its list: people (or keys) new to it, and those it updated or kept. */
export interface UploadCounts {
  created: number;
  updated: number;
}

/** A row of the file that repeats an earlier row: the same person, or the same key. */
export interface RepeatedRow {
  row: number;
  firstRow: number;
  /** A person's repeat: found by the PSN (else by the NIN). Absent for a key's. */
  byPsn?: boolean;
}

/** How many rows repeat an earlier one, and the first of them. */
export interface Repeats {
  count: number;
  first: RepeatedRow[];
}

/** Who uploads which file, for the upload's history row. */
export interface UploadEntry {
  fileName: string;
  sizeBytes: number;
  /** The nominal roll's 'as of' day; null for the other lists. */
  asOf: string | null;
  userId: string;
  email: string;
}

/**
 * One upload of an HR list, inside its transaction (any throw rolls every row back). What every
 * list does alike is here: its lock, its history row, its two temporary tables (the batch the
 * worker just read, and the rows of every batch so far, for the repeated rows at the end). What
 * each list does its own way is its subclass's: how a batch is written into the list, which rows
 * repeat an earlier one, and what the end of the file does (the rows it replaced, its counts).
 *
 * A batch is written into the list while the worker reads the next one (DECISIONS 287), as the
 * master list's are (ingest.repo.ts): a file with a repeated row is refused at the end, and the
 * refusal rolls back every batch written before it.
 */
export abstract class HrListSession<Done extends UploadCounts = UploadCounts> {
  /** Which list: its lock and its history rows. */
  protected abstract readonly kind: HrListKind;
  /**
   * The temporary tables: `<name>_batch`, one batch in the order of the list kind's copyRow, and
   * `<name>_rows`, what the repeated rows and the end of the file need of every row.
   */
  protected abstract readonly staging: { name: string; batch: string; rows: string };
  /** The upload's history row (begin()). */
  protected uploadId = '';
  /**
   * Batches are written into the list; false when a file that repeated a key is read again only
   * to find its repeated rows (HrListUploader): each batch is then only kept for the check.
   */
  protected writing = true;

  /**
   * Whether `<name>_rows` holds every row of the file, so that repeats() tells every repeat: while
   * only checking, always; while writing, a list may keep only the rows its unique key does not
   * guard (insertUnmatched).
   */
  get keepsEveryRow(): boolean {
    return !this.writing;
  }

  constructor(
    protected readonly tx: Orm,
    protected readonly scope: TenantScope,
    private readonly copyIn: CopyIn,
  ) {}

  /**
   * Serialises the tenant's uploads of this list, creates the upload's temporary tables and its
   * history row (finish() sets its counts). The repeated-row windows and the ordered inserts sort
   * every staged row: in memory, not spilled to disk at the server's default work_mem (the
   * separations' same-person sort spilled at 100,000 rows and 16 MB; the value the integrity rules
   * and the reminders take, DECISIONS 189).
   */
  async begin(entry: UploadEntry, { write = true }: { write?: boolean } = {}): Promise<string> {
    this.writing = write;
    await this.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('hr-list:' || ${this.kind} || ':' || ${this.scope.tenantId}))`,
    );
    await this.tx.execute(WHOLE_TENANT_MEMORY);
    const { name, batch, rows } = this.staging;
    await this.tx.execute(sql.raw(`create temp table ${name}_batch (${batch}) on commit drop`));
    await this.tx.execute(sql.raw(`create temp table ${name}_rows (${rows}) on commit drop`));
    const result = await this.tx.execute<{ id: string }>(sql`
      insert into hr_list_uploads (tenant_id, kind, file_name, size_bytes, row_count, created, updated,
        as_of, uploaded_by, uploaded_by_email)
      values (${this.scope.tenantId}, ${this.kind}, ${entry.fileName}, ${entry.sizeBytes}, 0,
        0, 0, ${entry.asOf}::date, ${entry.userId}, ${entry.email})
      returning id`);
    this.uploadId = result.rows[0]!.id;
    await this.started();
    return this.uploadId;
  }

  /** What a list reads before its first batch is written (the list as it was). */
  protected async started(): Promise<void> {}

  /** Whether the tenant has rows in the list's table (asked by started(): whether it had any). */
  protected async tenantHasRows(table: 'separations' | 'salary_table'): Promise<boolean> {
    const result = await this.tx.execute<{ has: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(table)} where tenant_id = ${this.scope.tenantId}) as has`,
    );
    return result.rows[0]!.has;
  }

  /**
   * Writes one batch (COPY text) into the list; a refused file rolls it back with the rest. A key
   * the list holds once (a PSN, a salary key) that the file repeats fails the write with a unique
   * violation, which the upload answers by reading the file again with `write: false`.
   */
  async stage(copyText: string): Promise<void> {
    if (!copyText) return;
    const batch = `${this.staging.name}_batch`;
    await this.tx.execute(sql.raw(`truncate ${batch}`));
    await this.copyIn(batch, copyText);
    await this.applyBatch();
  }

  /**
   * Writes the batch table's rows into the list (unless `writing` is off), and what the repeated
   * rows and the end need of them into `<name>_rows`.
   */
  protected abstract applyBatch(): Promise<void>;

  /**
   * A batch of a list whose rows find their entry (separations, the salary table), in one
   * statement: each row with its entry's id as `target` (null when it has none); the rows with
   * none inserted in the file's order, into `into` (the table and its columns) as `values` (from
   * the batch's columns), except while only checking. Kept in `<name>_rows` for the end: every row
   * while only checking; while writing, only those `kept` says (DECISIONS 294: the rows the list's
   * unique key already guards against a repeat need not be looked at again). Returns how many it
   * inserted, and how many found theirs.
   */
  protected async insertUnmatched(
    target: SQL,
    into: SQL,
    values: SQL,
    kept: SQL,
  ): Promise<{ created: number; found: number }> {
    const insert = sql`insert into ${into} select ${values} from matched where target is null order by row_no
      returning 1`;
    const { name } = this.staging;
    const result = await this.tx.execute<{ created: number; found: number }>(sql`
      with matched as (
        select b.*, ${target} as target from ${sql.raw(`${name}_batch`)} b
      ), kept as (
        insert into ${sql.raw(`${name}_rows`)} select * from matched${this.writing ? sql` where ${kept}` : sql``}
      ), inserted as (${this.writing ? insert : sql`select 1 where false`})
      select (select count(*) from inserted)::int as created,
        (select count(*) from matched where target is not null)::int as found`);
    return result.rows[0]!;
  }

  /** Rows that repeat an earlier row, once every row is staged: how many, and the first `limit`. */
  abstract repeats(limit: number): Promise<Repeats>;

  /**
   * Reads a repeats() query: one line per repeated row (`row`, `first_row`, a person's `by_psn`),
   * each with the `total` of them.
   */
  protected async repeatedRows(query: SQL): Promise<Repeats> {
    const result = await this.tx.execute<{
      row: number;
      first_row: number;
      by_psn?: boolean;
      total: number;
    }>(query);
    return {
      count: result.rows[0]?.total ?? 0,
      first: result.rows.map((r) => ({
        row: r.row,
        firstRow: r.first_row,
        ...(r.by_psn === undefined ? {} : { byPsn: r.by_psn }),
      })),
    };
  }

  /** Ends the upload of a file of `rows` rows, none repeated: what the list does last, and its counts. */
  async finish(rows: number, asOf: string | null): Promise<Done> {
    const done = await this.ended(asOf);
    await this.tx.execute(sql`
      update hr_list_uploads set row_count = ${rows}, created = ${done.created}, updated = ${done.updated}
      where tenant_id = ${this.scope.tenantId} and id = ${this.uploadId}`);
    return done;
  }

  /** The list's end of the file (the rows it replaced), and what the upload did. */
  protected abstract ended(asOf: string | null): Promise<Done>;

  async within<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return fn(this.tx);
  }
}

/** A list's session class, as the upload runner opens it. */
export type HrListSessionClass<Done extends UploadCounts> = new (
  tx: Orm,
  scope: TenantScope,
  copyIn: CopyIn,
) => HrListSession<Done>;

export class HrListUploadRepo {
  constructor(private readonly db: Pick<Database, 'copyTransaction'>) {}

  /** Runs one upload of a list in one transaction, in a session of that list's class. */
  async run<Done extends UploadCounts, T>(
    scope: TenantScope,
    Session: HrListSessionClass<Done>,
    fn: (session: HrListSession<Done>) => Promise<T>,
  ): Promise<T> {
    return this.db.copyTransaction((tx, copyIn) => fn(new Session(tx, scope, copyIn)));
  }
}
