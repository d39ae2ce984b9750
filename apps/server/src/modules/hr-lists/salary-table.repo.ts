import { sql } from 'drizzle-orm';
import { HrListSession, type Repeats } from './hr-list-upload.repo.ts';

/** What replacing the table did: keys new, keys kept whose amounts (or spelling) changed, keys gone. */
export interface Replaced {
  created: number;
  updated: number;
  removed: number;
}

/** The salary table's row as the file gives it, in the order of salary-table-list.ts copyRow. */
const ROW = `row_no int not null, structure text not null, structure_key text not null,
  grade int not null, step int not null, max_kobo bigint not null, min_kobo bigint`;

/**
 * One upload of a salary table, inside its transaction: the keys new to the table are inserted
 * batch by batch; the keys it had are found batch by batch, as the table was before the upload,
 * and at the end updated, and the keys the file lacks deleted.
 */
export class SalaryTableSession extends HrListSession<Replaced> {
  protected readonly kind = 'SALARY_TABLE';
  protected readonly staging = { name: 'salary', batch: ROW, rows: `${ROW}, target uuid` };
  /** The tenant had a table before this upload (else no key can be kept or removed). */
  #hadTable = false;
  #created = 0;

  protected override async started(): Promise<void> {
    this.#hadTable = await this.tenantHasRows('salary_table');
  }

  /**
   * Finds each row's key in the table as it was before the upload (`upload_id` is not this
   * upload's), through the key's index, a row at a time: a join would be planned on statistics
   * that do not know the rows this upload has written so far. Inserts the keys not found, in the
   * file's order, and keeps every row with its key's row for the end (a key the file repeats fails
   * the insert: see HrListSession.stage).
   */
  protected async applyBatch(): Promise<void> {
    const t = this.scope.tenantId;
    const u = this.uploadId;
    const target = this.#hadTable
      ? sql`(select s.id from salary_table s where s.tenant_id = ${t} and s.structure_key = b.structure_key
          and s.grade = b.grade and s.step = b.step and s.upload_id <> ${u})`
      : sql`null::uuid`;
    const { created } = await this.insertUnmatched(
      target,
      sql`salary_table (tenant_id, structure, structure_key, grade, step, max_kobo, min_kobo, upload_id)`,
      sql`${t}, structure, structure_key, grade, step, max_kobo, min_kobo, ${u}`,
      // A new key is inserted, and the key's unique index refuses it a second time: only the rows
      // that found a key of before can repeat one another unseen, and only they are updated at the end.
      sql`target is not null`,
    );
    this.#created += created;
  }

  /**
   * Rows that give the structure, grade and step of an earlier row ('CONPSS' and 'conpss' are one),
   * among the rows kept (while writing, those that found a key of before: a first table keeps none).
   */
  async repeats(limit: number): Promise<Repeats> {
    return this.repeatedRows(sql`
      with d as (
        select row_no, min(row_no) over (partition by structure_key, grade, step) as first_row from salary_rows
      )
      select row_no as row, first_row, count(*) over ()::int as total
      from d where row_no <> first_row order by row_no limit ${limit}`);
  }

  /**
   * Makes the file's rows the tenant's whole table: the keys of before that the file lacks are
   * deleted, the kept ones updated only where a value differs (the same file twice changes
   * nothing); the new ones were inserted batch by batch.
   */
  protected async ended(): Promise<Replaced> {
    if (!this.#hadTable) return { created: this.#created, updated: 0, removed: 0 };
    const t = this.scope.tenantId;
    const u = this.uploadId;
    const result = await this.tx.execute<{ updated: number; removed: number }>(sql`
      with removed as (
        delete from salary_table s
        where s.tenant_id = ${t} and s.upload_id <> ${u}
          and not exists (select 1 from salary_rows r where r.target = s.id)
        returning 1
      ), updated as (
        update salary_table s set structure = r.structure, max_kobo = r.max_kobo, min_kobo = r.min_kobo,
          upload_id = ${u}, updated_at = now()
        from salary_rows r
        where s.tenant_id = ${t} and s.id = r.target
          and (s.structure, s.max_kobo, s.min_kobo) is distinct from (r.structure, r.max_kobo, r.min_kobo)
        returning 1
      )
      select (select count(*) from updated)::int as updated, (select count(*) from removed)::int as removed`);
    return { created: this.#created, ...result.rows[0]! };
  }
}
