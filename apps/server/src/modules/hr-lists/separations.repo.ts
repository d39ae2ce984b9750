import { sql } from 'drizzle-orm';
import { HrListSession, type Repeats, type UploadCounts } from './hr-list-upload.repo.ts';

/** The separations' row as the file gives it, in the order of separations-list.ts copyRow. */
const ROW = `row_no int not null, psn text, nin text, full_name text not null,
  exit_date date not null, exit_reason text not null, reference text`;

/**
 * One upload of the separations list (issue #35): upserted by person, PSN else NIN. The people the
 * file names for the first time are inserted batch by batch; the people the list had are found
 * batch by batch, as the list was before the upload, and updated at the end.
 */
export class SeparationsSession extends HrListSession {
  protected readonly kind = 'SEPARATIONS';
  protected readonly staging = { name: 'separation', batch: ROW, rows: `${ROW}, target uuid` };
  /** The tenant had people on the list before this upload (else a row has no one to find). */
  #hadList = false;
  #created = 0;
  /** Rows that found their person on the list (updated at the end). */
  #found = 0;

  protected override async started(): Promise<void> {
    this.#hadList = await this.tenantHasRows('separations');
  }

  /**
   * Finds each row's person on the list as it was before the upload (`upload_id` is not this
   * upload's: the people it inserted are not matched, and the people it found are updated only at
   * the end): by PSN; else by NIN, where either side has no PSN (a row with a PSN never takes over
   * another PSN's person). Inserts the rows that found no one, in the file's order, and keeps
   * every row with its person for the end (a PSN the file repeats fails the insert: see
   * HrListSession.stage). On a tenant's first list no row looks (two index probes a row).
   */
  protected async applyBatch(): Promise<void> {
    const t = this.scope.tenantId;
    const u = this.uploadId;
    const target = this.#hadList
      ? sql`coalesce(
          (select s.id from separations s
            where s.tenant_id = ${t} and s.psn = b.psn and s.upload_id <> ${u}),
          (select s.id from separations s
            where s.tenant_id = ${t} and s.nin = b.nin and (b.psn is null or s.psn is null)
              and s.upload_id <> ${u}
            order by s.created_at limit 1))`
      : sql`null::uuid`;
    const { created, found } = await this.insertUnmatched(
      target,
      sql`separations (tenant_id, psn, nin, full_name, exit_date, exit_reason, reference, upload_id)`,
      sql`${t}, psn, nin, full_name, exit_date, exit_reason, reference, ${u}`,
      // A new person with a PSN is inserted, and the PSN's unique index refuses them a second time
      // (also when a person found by NIN is given that PSN at the end): only the rows that found a
      // person and those without a PSN can repeat one another unseen.
      sql`target is not null or psn is null`,
    );
    this.#created += created;
    this.#found += found;
  }

  /**
   * Rows that name a person an earlier row of the file already named: the same PSN, the same NIN
   * without a PSN, or the same person found on the list, among the rows kept (while writing, the
   * PSN's unique index has the others). One pass over the kept rows, its two windows sorting only
   * the keys (before: the rows twice, as one sort of both passes' keys).
   */
  async repeats(limit: number): Promise<Repeats> {
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
   * Updates the people the file found on the list (only where a value differs: the same file twice
   * changes nothing); the others were inserted batch by batch.
   */
  protected async ended(): Promise<UploadCounts> {
    if (this.#found === 0) return { created: this.#created, updated: 0 };
    const result = await this.tx.execute<{ updated: number }>(sql`
      with updated as (
        update separations s set psn = coalesce(m.psn, s.psn), nin = coalesce(m.nin, s.nin),
          full_name = m.full_name, exit_date = m.exit_date, exit_reason = m.exit_reason,
          reference = m.reference, upload_id = ${this.uploadId}, updated_at = now()
        from separation_rows m
        where s.tenant_id = ${this.scope.tenantId} and s.id = m.target
          and (s.psn, s.nin, s.full_name, s.exit_date, s.exit_reason, s.reference) is distinct from
            (coalesce(m.psn, s.psn), coalesce(m.nin, s.nin), m.full_name, m.exit_date, m.exit_reason, m.reference)
        returning 1
      )
      select count(*)::int as updated from updated`);
    return { created: this.#created, updated: result.rows[0]!.updated };
  }
}
