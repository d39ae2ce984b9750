import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { CopyIn, Database, Orm } from '../../platform/db.ts';

/** The salary table upload's staging table, in the order of salary-table-list.ts copyRow. */
const SALARY_ROWS = `row_no int not null, structure text not null, structure_key text not null,
  grade int not null, step int not null, max_kobo bigint not null, min_kobo bigint`;

/** A row of the file that gives a key (structure, grade, step) an earlier row gave. */
export interface SameKey {
  row: number;
  firstRow: number;
}

/** What replacing the table did: keys new, keys kept whose amounts (or spelling) changed, keys gone. */
export interface Replaced {
  created: number;
  updated: number;
  removed: number;
}

/** One upload of a salary table, inside its transaction. */
export class SalaryTableSession {
  constructor(
    private readonly tx: Orm,
    private readonly scope: TenantScope,
    private readonly copyIn: CopyIn,
  ) {}

  /** Serialises the tenant's salary table uploads, and creates the upload's staging table. */
  async begin(): Promise<void> {
    await this.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('hr-list:SALARY_TABLE:' || ${this.scope.tenantId}))`,
    );
    await this.tx.execute(sql.raw(`create temp table salary_rows (${SALARY_ROWS}) on commit drop`));
  }

  /** Stages one batch (COPY text); nothing reaches `salary_table` before every row is checked. */
  async stage(copyText: string): Promise<void> {
    if (copyText) await this.copyIn('salary_rows', copyText);
  }

  /** Rows that give the structure, grade and step of an earlier row ('CONPSS' and 'conpss' are one). */
  async sameKey(limit: number): Promise<{ count: number; first: SameKey[] }> {
    const result = await this.tx.execute<{ row: number; first_row: number; total: number }>(sql`
      with d as (
        select row_no, min(row_no) over (partition by structure_key, grade, step) as first_row from salary_rows
      )
      select row_no as row, first_row, count(*) over ()::int as total
      from d where row_no <> first_row order by row_no limit ${limit}`);
    return {
      count: result.rows[0]?.total ?? 0,
      first: result.rows.map((r) => ({ row: r.row, firstRow: r.first_row })),
    };
  }

  /** The upload's history row; its counts are set by replace(). */
  async recordUpload(entry: {
    fileName: string;
    sizeBytes: number;
    rowCount: number;
    userId: string;
    email: string;
  }): Promise<string> {
    const result = await this.tx.execute<{ id: string }>(sql`
      insert into hr_list_uploads (tenant_id, kind, file_name, size_bytes, row_count, created, updated,
        uploaded_by, uploaded_by_email)
      values (${this.scope.tenantId}, 'SALARY_TABLE', ${entry.fileName}, ${entry.sizeBytes}, ${entry.rowCount},
        0, 0, ${entry.userId}, ${entry.email})
      returning id`);
    return result.rows[0]!.id;
  }

  /**
   * Makes the staged rows the tenant's whole table, in one statement: keys the file lacks are
   * deleted, kept keys updated only where a value differs (the same file twice changes nothing),
   * new keys inserted. Every part reads the table as it was before the statement.
   */
  async replace(uploadId: string): Promise<Replaced> {
    const t = this.scope.tenantId;
    const result = await this.tx.execute<{ created: number; updated: number; removed: number }>(sql`
      with removed as (
        delete from salary_table s
        where s.tenant_id = ${t} and not exists (select 1 from salary_rows r
          where r.structure_key = s.structure_key and r.grade = s.grade and r.step = s.step)
        returning 1
      ), updated as (
        update salary_table s set structure = r.structure, max_kobo = r.max_kobo, min_kobo = r.min_kobo,
          upload_id = ${uploadId}, updated_at = now()
        from salary_rows r
        where s.tenant_id = ${t} and s.structure_key = r.structure_key and s.grade = r.grade and s.step = r.step
          and (s.structure, s.max_kobo, s.min_kobo) is distinct from (r.structure, r.max_kobo, r.min_kobo)
        returning 1
      ), inserted as (
        insert into salary_table (tenant_id, structure, structure_key, grade, step, max_kobo, min_kobo, upload_id)
        select ${t}, r.structure, r.structure_key, r.grade, r.step, r.max_kobo, r.min_kobo, ${uploadId}
        from salary_rows r
        where not exists (select 1 from salary_table s where s.tenant_id = ${t}
          and s.structure_key = r.structure_key and s.grade = r.grade and s.step = r.step)
        order by r.row_no
        returning 1
      ), counts as (
        select (select count(*) from inserted)::int as created, (select count(*) from updated)::int as updated,
          (select count(*) from removed)::int as removed
      ), noted as (
        update hr_list_uploads u set created = c.created, updated = c.updated
        from counts c where u.tenant_id = ${t} and u.id = ${uploadId}
      )
      select created, updated, removed from counts`);
    return result.rows[0]!;
  }

  async within<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return fn(this.tx);
  }
}

export class SalaryTableRepo {
  constructor(private readonly db: Pick<Database, 'copyTransaction'>) {}

  /** Runs one salary table upload in one transaction: any throw rolls every row back. */
  async upload<T>(scope: TenantScope, fn: (session: SalaryTableSession) => Promise<T>): Promise<T> {
    return this.db.copyTransaction((tx, copyIn) => fn(new SalaryTableSession(tx, scope, copyIn)));
  }
}
