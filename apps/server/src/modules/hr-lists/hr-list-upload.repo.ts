import { sql, type SQL } from 'drizzle-orm';
import type { HrListKind } from '@portal/contract/hr-lists';
import type { TenantScope } from '../../access/actor.ts';
import type { CopyIn, Database, Orm } from '../../platform/db.ts';

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

/**
 * One upload of an HR list, inside its transaction (any throw rolls every row back). What every
 * list does alike is here: its lock, its staging table, its history row. What each list does its
 * own way is its subclass's: which rows repeat an earlier one, and how the staged rows are applied.
 */
export abstract class HrListSession<Done extends UploadCounts = UploadCounts> {
  /** Which list: its lock and its history rows. */
  protected abstract readonly kind: HrListKind;
  /** The staging table: its name, and its columns in the order of the list kind's copyRow. */
  protected abstract readonly staging: { table: string; columns: string };

  constructor(
    protected readonly tx: Orm,
    protected readonly scope: TenantScope,
    private readonly copyIn: CopyIn,
  ) {}

  /**
   * Serialises the tenant's uploads of this list, and creates the upload's staging table. The
   * repeated-row windows and the ordered insert sort every staged row: in memory, not spilled to
   * disk at the server's default work_mem (the separations' same-person sort spilled at 100,000
   * rows and 16 MB; the value the integrity rules and the reminders take, DECISIONS 189).
   */
  async begin(): Promise<void> {
    await this.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('hr-list:' || ${this.kind} || ':' || ${this.scope.tenantId}))`,
    );
    await this.tx.execute(sql`select set_config('work_mem', '256MB', true)`);
    await this.tx.execute(
      sql.raw(`create temp table ${this.staging.table} (${this.staging.columns}) on commit drop`),
    );
  }

  /** Stages one batch (COPY text); nothing reaches the list before every row is checked. */
  async stage(copyText: string): Promise<void> {
    if (copyText) await this.copyIn(this.staging.table, copyText);
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

  /** The upload's history row (the nominal roll's with its 'as of' date); apply() sets its counts. */
  async recordUpload(entry: {
    fileName: string;
    sizeBytes: number;
    rowCount: number;
    asOf: string | null;
    userId: string;
    email: string;
  }): Promise<string> {
    const result = await this.tx.execute<{ id: string }>(sql`
      insert into hr_list_uploads (tenant_id, kind, file_name, size_bytes, row_count, created, updated,
        as_of, uploaded_by, uploaded_by_email)
      values (${this.scope.tenantId}, ${this.kind}, ${entry.fileName}, ${entry.sizeBytes}, ${entry.rowCount},
        0, 0, ${entry.asOf}::date, ${entry.userId}, ${entry.email})
      returning id`);
    return result.rows[0]!.id;
  }

  /** Writes the staged rows into the list, and their counts on the upload's history row. */
  abstract apply(uploadId: string, asOf: string | null): Promise<Done>;

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
