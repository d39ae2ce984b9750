import { sql } from 'drizzle-orm';
import { HrListSession, type Repeats, type UploadCounts } from './hr-list-upload.repo.ts';

/** One upload of the separations list (issue #35): upserted by person, PSN else NIN. */
export class SeparationsSession extends HrListSession {
  protected readonly kind = 'SEPARATIONS';
  /** In the order of separations-list.ts copyRow. */
  protected readonly staging = {
    table: 'separation_rows',
    columns: `row_no int not null, psn text, nin text, full_name text not null,
  exit_date date not null, exit_reason text not null, reference text`,
  };

  /** The staged rows matched to the list's people, then those that name an earlier row's person. */
  async repeats(limit: number): Promise<Repeats> {
    await this.#match();
    return this.#samePerson(limit);
  }

  /**
   * Finds each staged row's person among the tenant's separations: by PSN; else by NIN, where
   * either side has no PSN (a row with a PSN never takes over another PSN's person). Written into
   * the staged rows themselves, and only where a person is found: a list's first upload writes
   * nothing here (a table of matched rows was a second copy of the file, 0.3 s of 20,000 rows),
   * and the planner may join the PSNs by hash rather than look each one up.
   */
  async #match(): Promise<void> {
    const t = this.scope.tenantId;
    await this.tx.execute(sql`alter table separation_rows add column target uuid`);
    await this.tx.execute(sql`
      update separation_rows r set target = s.id from separations s
      where s.tenant_id = ${t} and s.psn = r.psn`);
    await this.tx.execute(sql`
      update separation_rows r set target = (select s.id from separations s
          where s.tenant_id = ${t} and s.nin = r.nin and (r.psn is null or s.psn is null)
          order by s.created_at limit 1)
      where r.target is null and exists (select 1 from separations s
          where s.tenant_id = ${t} and s.nin = r.nin and (r.psn is null or s.psn is null))`);
  }

  /**
   * Rows that name a person an earlier row of the file already named: the same PSN, the same NIN
   * without a PSN, or the same person found on the list. One pass over the staged rows, its two
   * windows sorting only the keys (before: the rows twice, as one sort of both passes' keys).
   */
  async #samePerson(limit: number): Promise<Repeats> {
    return this.repeatedRows(sql`
      with w as (
        select row_no, psn is not null as by_psn,
          min(row_no) over (partition by coalesce(target::text, 'P:' || psn, 'N:' || nin)) as person_first,
          case when psn is not null then min(row_no) over (partition by psn) end as psn_first
        from separation_rows
      ), e as (
        select row_no, by_psn, least(case when person_first < row_no then person_first end,
          case when psn_first < row_no then psn_first end) as first_row
        from w
      )
      select row_no as row, first_row, by_psn, count(*) over ()::int as total
      from e where first_row is not null order by row_no limit ${limit}`);
  }

  /**
   * Updates the people the file names again (only where a value differs: the same file twice
   * changes nothing) and inserts the others, in one statement; counts both on the upload's row.
   */
  async apply(uploadId: string): Promise<UploadCounts> {
    const t = this.scope.tenantId;
    const result = await this.tx.execute<{ created: number; updated: number }>(sql`
      with updated as (
        update separations s set psn = coalesce(m.psn, s.psn), nin = coalesce(m.nin, s.nin),
          full_name = m.full_name, exit_date = m.exit_date, exit_reason = m.exit_reason,
          reference = m.reference, upload_id = ${uploadId}, updated_at = now()
        from separation_rows m
        where s.tenant_id = ${t} and s.id = m.target
          and (s.psn, s.nin, s.full_name, s.exit_date, s.exit_reason, s.reference) is distinct from
            (coalesce(m.psn, s.psn), coalesce(m.nin, s.nin), m.full_name, m.exit_date, m.exit_reason, m.reference)
        returning s.id
      ), inserted as (
        insert into separations (tenant_id, psn, nin, full_name, exit_date, exit_reason, reference, upload_id)
        select ${t}, psn, nin, full_name, exit_date, exit_reason, reference, ${uploadId}
        from separation_rows where target is null order by row_no
        returning id
      ), counts as (
        select (select count(*) from inserted)::int as created, (select count(*) from updated)::int as updated
      ), noted as (
        update hr_list_uploads u set created = c.created, updated = c.updated
        from counts c where u.tenant_id = ${t} and u.id = ${uploadId}
      )
      select created, updated from counts`);
    return result.rows[0]!;
  }
}
