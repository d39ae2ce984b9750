import { sql } from 'drizzle-orm';
import type { HrListKind } from '@portal/contract/hr-lists';
import type { TenantScope } from '../../access/actor.ts';
import type { CopyIn, Database, Orm } from '../../platform/db.ts';

/** The separations upload's staging table, in the order of separations-list.ts copyRow. */
const SEPARATION_ROWS = `row_no int not null, psn text, nin text, full_name text not null,
  exit_date date not null, exit_reason text not null, reference text`;

export type LastUploadRow = {
  id: string;
  kind: HrListKind;
  file_name: string;
  row_count: number;
  created: number;
  updated: number;
  as_of: string | null;
  created_at: string | Date;
  uploaded_by_email: string;
};

/** A row of the file that is the same person as an earlier row. */
export interface SamePerson {
  row: number;
  firstRow: number;
  column: 'PSN' | 'NIN';
}

/** One upload of a separations list, inside its transaction. */
export class SeparationsSession {
  constructor(
    private readonly tx: Orm,
    private readonly scope: TenantScope,
    private readonly copyIn: CopyIn,
  ) {}

  /** Serialises the tenant's separations uploads, and creates the upload's staging table. */
  async begin(): Promise<void> {
    await this.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('hr-list:SEPARATIONS:' || ${this.scope.tenantId}))`,
    );
    await this.tx.execute(sql.raw(`create temp table separation_rows (${SEPARATION_ROWS}) on commit drop`));
  }

  /** Stages one batch (COPY text); nothing reaches `separations` before every row is checked. */
  async stage(copyText: string): Promise<void> {
    if (copyText) await this.copyIn('separation_rows', copyText);
  }

  /**
   * Finds each staged row's person among the tenant's separations: by PSN; else by NIN, where
   * either side has no PSN (a row with a PSN never takes over another PSN's person).
   */
  async match(): Promise<void> {
    const t = this.scope.tenantId;
    await this.tx.execute(sql`
      create temp table separation_matched on commit drop as
      select r.*, coalesce(
          (select s.id from separations s where s.tenant_id = ${t} and s.psn = r.psn),
          (select s.id from separations s
            where s.tenant_id = ${t} and s.nin = r.nin and (r.psn is null or s.psn is null)
            order by s.created_at limit 1)
        ) as target
      from separation_rows r`);
  }

  /**
   * Rows that name a person an earlier row of the file already named: the same PSN, the same NIN
   * without a PSN, or the same person found on the list.
   */
  async samePerson(limit: number): Promise<{ count: number; first: SamePerson[] }> {
    const result = await this.tx.execute<{
      row: number;
      first_row: number;
      by_psn: boolean;
      total: number;
    }>(sql`
      with k as (
        select row_no, psn is not null as by_psn, coalesce(target::text, 'P:' || psn, 'N:' || nin) as person
        from separation_matched
        union all
        select row_no, true, 'P:' || psn from separation_matched where psn is not null
      ), d as (
        select row_no, by_psn, min(row_no) over (partition by person) as first_row from k
      ), e as (
        select row_no, min(first_row) as first_row, bool_or(by_psn) as by_psn from d
        where row_no <> first_row group by row_no
      )
      select row_no as row, first_row, by_psn, count(*) over ()::int as total
      from e order by row_no limit ${limit}`);
    return {
      count: result.rows[0]?.total ?? 0,
      first: result.rows.map((r) => ({
        row: r.row,
        firstRow: r.first_row,
        column: r.by_psn ? 'PSN' : 'NIN',
      })),
    };
  }

  /** The upload's history row; its counts are set by upsert(). */
  async recordUpload(entry: {
    fileName: string;
    sizeBytes: number;
    rowCount: number;
    userId: string;
    email: string;
  }) {
    const result = await this.tx.execute<{ id: string }>(sql`
      insert into hr_list_uploads (tenant_id, kind, file_name, size_bytes, row_count, created, updated,
        uploaded_by, uploaded_by_email)
      values (${this.scope.tenantId}, 'SEPARATIONS', ${entry.fileName}, ${entry.sizeBytes}, ${entry.rowCount},
        0, 0, ${entry.userId}, ${entry.email})
      returning id`);
    return result.rows[0]!.id;
  }

  /**
   * Updates the people the file names again (only where a value differs: the same file twice
   * changes nothing) and inserts the others, in one statement; counts both on the upload's row.
   */
  async upsert(uploadId: string): Promise<{ created: number; updated: number }> {
    const t = this.scope.tenantId;
    const result = await this.tx.execute<{ created: number; updated: number }>(sql`
      with updated as (
        update separations s set psn = coalesce(m.psn, s.psn), nin = coalesce(m.nin, s.nin),
          full_name = m.full_name, exit_date = m.exit_date, exit_reason = m.exit_reason,
          reference = m.reference, upload_id = ${uploadId}, updated_at = now()
        from separation_matched m
        where s.tenant_id = ${t} and s.id = m.target
          and (s.psn, s.nin, s.full_name, s.exit_date, s.exit_reason, s.reference) is distinct from
            (coalesce(m.psn, s.psn), coalesce(m.nin, s.nin), m.full_name, m.exit_date, m.exit_reason, m.reference)
        returning s.id
      ), inserted as (
        insert into separations (tenant_id, psn, nin, full_name, exit_date, exit_reason, reference, upload_id)
        select ${t}, psn, nin, full_name, exit_date, exit_reason, reference, ${uploadId}
        from separation_matched where target is null order by row_no
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

  async within<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return fn(this.tx);
  }
}

export class HrListsRepo {
  constructor(private readonly db: Pick<Database, 'copyTransaction' | 'orm'>) {}

  /** Runs one separations upload in one transaction: any throw rolls every row back. */
  async separationsUpload<T>(
    scope: TenantScope,
    fn: (session: SeparationsSession) => Promise<T>,
  ): Promise<T> {
    return this.db.copyTransaction((tx, copyIn) => fn(new SeparationsSession(tx, scope, copyIn)));
  }

  /** Each list's last upload (a list never uploaded is absent). */
  async lastUploads(scope: TenantScope): Promise<LastUploadRow[]> {
    const result = await this.db.orm.execute<LastUploadRow>(sql`
      select distinct on (kind) id, kind, file_name, row_count, created, updated, as_of::text as as_of,
        created_at, uploaded_by_email
      from hr_list_uploads where tenant_id = ${scope.tenantId}
      order by kind, created_at desc, id`);
    return result.rows;
  }
}
