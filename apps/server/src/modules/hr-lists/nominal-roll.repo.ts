import { sql } from 'drizzle-orm';
import { dayIn } from '@portal/contract/time-zone';
import type { TenantScope } from '../../access/actor.ts';
import type { Database } from '../../platform/db.ts';
import { tenantTimeZone } from '../../platform/tenant-time-zone.ts';
import { notOnPayrollIds, notOnPayrollLinesOf } from '../integrity/not-on-nominal-roll.repo.ts';
import { HrListSession, type Repeats } from './hr-list-upload.repo.ts';

/** Lines of the not-on-payroll list read per statement. */
const NOT_ON_PAYROLL_BATCH = 5_000;

/**
 * The nominal roll upload's batch table, in the order of nominal-roll-list.ts copyRow; `k` is the
 * ministry as the roll compares it (migration 0050), computed once as the rows are copied in.
 */
const ROLL_BATCH = `row_no int not null, psn text, nin text, full_name text not null, ministry text not null,
  department text, grade_level text, k text generated always as (ministry_key(ministry)) stored`;

export type RollMinistryRow = {
  ministry: string;
  ministry_id: string | null;
  as_of: string;
  upload_id: string;
  row_count: number;
  not_on_payroll: number | null;
};

/** What replacing the rolls of the ministries a file names did. */
export interface RollReplacement {
  /** The ministries, as the file first writes each. */
  ministries: string[];
  /** Rows whose person was not on that ministry's roll before. */
  created: number;
  /** Rows whose person was on it (kept). */
  updated: number;
  /** People on those rolls before whom the file does not name again. */
  removed: number;
}

/**
 * One upload of a nominal roll, inside its transaction: each batch's rows inserted as they come,
 * the old rolls of the ministries the file names counted against them and deleted at the end.
 */
export class NominalRollSession extends HrListSession<RollReplacement> {
  protected readonly kind = 'NOMINAL_ROLL';
  protected readonly staging = {
    name: 'roll',
    batch: ROLL_BATCH,
    rows: `row_no int not null, psn text, nin text, ministry text not null, k text not null`,
  };
  /**
   * An id drawn before the first row is inserted: the tenant's rows from before the upload have
   * lower ids (uploads of a tenant's roll are serialised), the upload's own rows higher ones.
   */
  #before = 0;

  protected override async started(): Promise<void> {
    const result = await this.tx.execute<{ id: string }>(
      sql`select nextval(pg_get_serial_sequence('nominal_roll', 'id'))::text as id`,
    );
    this.#before = Number(result.rows[0]!.id);
  }

  /** The roll has no unique key of a person: every row is kept, writing or not. */
  override get keepsEveryRow(): boolean {
    return true;
  }

  /** Inserts a batch's rows in the file's order, and keeps what the end needs of them. */
  protected async applyBatch(): Promise<void> {
    const keep = sql`insert into roll_rows select row_no, psn, nin, ministry, k from roll_batch`;
    if (!this.writing) {
      await this.tx.execute(keep);
      return;
    }
    await this.tx.execute(sql`
      with kept as (${keep})
      insert into nominal_roll (tenant_id, ministry_key, psn, nin, full_name, department, grade_level)
      select ${this.scope.tenantId}, k, psn, nin, full_name, department, grade_level from roll_batch order by row_no`);
  }

  /**
   * Rows that name a person an earlier row of the file already named, in any ministry: the same
   * PSN, or the same NIN where either row has no PSN (as people are matched everywhere). Only a
   * PSN given more than once can repeat by PSN, and only a NIN that a row without a PSN gives can
   * repeat by NIN; the rows of those alone are compared (DECISIONS 295, 299). Whether any PSN is
   * given twice is first asked of a sorted count (a file of 1,000,000 rows: 0.7 s, where grouping
   * every PSN in a hash took 1.8 s), and the PSNs are grouped only when one is; the NINs grouped
   * are those of the rows without a PSN (3% of a roll). A file naming one person many times costs
   * no more.
   */
  async repeats(limit: number): Promise<Repeats> {
    return this.repeatedRows(sql`
      with p as (
        select psn, min(row_no) as p_first from roll_rows
        where psn is not null and (select count(psn) <> count(distinct psn) from roll_rows)
        group by psn having count(*) > 1
      ), n as (
        select nin, min(row_no) as n_first, min(row_no) filter (where psn is null) as n_bare
        from roll_rows where nin in (select nin from roll_rows where psn is null)
        group by nin having count(*) > 1
      ), e as (
        select r.row_no, p.p_first, least(
            case when p.p_first < r.row_no then p.p_first end,
            case when r.psn is null and n.n_first < r.row_no then n.n_first end,
            case when r.psn is not null and n.n_bare < r.row_no then n.n_bare end) as first_row
        from roll_rows r
        left join p on p.psn = r.psn
        left join n on n.nin = r.nin
        where p.psn is not null or n.nin is not null
      )
      select row_no as row, first_row, coalesce(p_first = first_row, false) as by_psn,
        count(*) over ()::int as total
      from e where first_row is not null order by row_no limit ${limit}`);
  }

  /**
   * Makes the file's rows the roll of each ministry it names, as of `asOf`; the rolls of the other
   * ministries stay. Counts, before the old rows go, who was on that ministry's roll already
   * (matched by PSN, else NIN where either has no PSN) and who is no longer.
   */
  protected async ended(asOf: string | null): Promise<RollReplacement> {
    const t = this.scope.tenantId;
    const named = await this.tx.execute<{ k: string; ministry: string; n: number }>(sql`
      with f as (select k, min(row_no) as first_row, count(*)::int as n from roll_rows group by k)
      select f.k, r.ministry, f.n from f join roll_rows r on r.row_no = f.first_row order by r.ministry`);
    const keys = sql`(select jsonb_array_elements_text(${JSON.stringify(named.rows.map((r) => r.k))}::jsonb))`;
    // The old rows of the named ministries: none on a ministry's first roll, which then has
    // nothing to match or delete.
    const old = await this.tx.execute<{ any: boolean }>(sql`
      select exists (select 1 from nominal_roll n where n.tenant_id = ${t}
        and n.ministry_key in ${keys} and n.id < ${this.#before}) as any`);
    let updated = 0;
    let removed = 0;
    if (old.rows[0]!.any) {
      const kept = await this.tx.execute<{ rows: number; old: number }>(sql`
        with m as (
          select s.row_no, n.id from roll_rows s
          join nominal_roll n on n.tenant_id = ${t} and n.ministry_key = s.k and n.psn = s.psn
            and n.id < ${this.#before}
          union
          select s.row_no, n.id from roll_rows s
          join nominal_roll n on n.tenant_id = ${t} and n.ministry_key = s.k and n.nin = s.nin
            and (n.psn is null or s.psn is null) and n.id < ${this.#before}
        )
        select count(distinct row_no)::int as rows, count(distinct id)::int as old from m`);
      const deleted = await this.tx.execute<{ n: number }>(sql`
        with d as (
          delete from nominal_roll n where n.tenant_id = ${t}
            and n.ministry_key in ${keys} and n.id < ${this.#before}
          returning 1
        )
        select count(*)::int as n from d`);
      updated = kept.rows[0]!.rows;
      removed = deleted.rows[0]!.n - kept.rows[0]!.old;
    }
    const ministries = JSON.stringify(named.rows.map((r) => ({ k: r.k, ministry: r.ministry, n: r.n })));
    await this.tx.execute(sql`
      insert into nominal_roll_ministries (tenant_id, ministry_key, ministry, as_of, upload_id, row_count)
      select ${t}, x.k, x.ministry, ${asOf}::date, ${this.uploadId}, x.n
      from jsonb_to_recordset(${ministries}::jsonb) as x(k text, ministry text, n int)
      on conflict (tenant_id, ministry_key) do update set ministry = excluded.ministry, as_of = excluded.as_of,
        upload_id = excluded.upload_id, row_count = excluded.row_count, not_on_payroll = null`);
    const rows = named.rows.reduce((n, r) => n + r.n, 0);
    // A large load needs the planner's statistics now, not when autovacuum gets to it: a roll the
    // statistics think empty would be held against a million records by index probes (the
    // records' reason, ingest.repo.ts finish). ANALYZE needs the owner: portal_analyze (0033).
    if (rows - updated + removed >= 1_000)
      await this.tx.execute(
        sql`select portal_analyze('nominal_roll', array['tenant_id', 'ministry_key', 'psn', 'nin'])`,
      );
    return {
      ministries: named.rows.map((r) => r.ministry),
      created: rows - updated,
      updated,
      removed,
    };
  }
}

export class NominalRollRepo {
  constructor(private readonly db: Pick<Database, 'orm'>) {}

  /** Today in the tenant's time zone: a roll's 'as of' date when the upload names none. */
  async today(scope: TenantScope, now: number = Date.now()): Promise<string> {
    return dayIn(now, await tenantTimeZone(this.db.orm, scope.tenantId));
  }

  /** Each ministry's roll, by name, with the master list's ministry of that name (if any). */
  async rolls(scope: TenantScope): Promise<RollMinistryRow[]> {
    const result = await this.db.orm.execute<RollMinistryRow>(sql`
      select k.ministry, (select m.id from ministries m
          where m.tenant_id = k.tenant_id and ministry_key(m.name) = k.ministry_key order by m.created_at, m.id limit 1
        ) as ministry_id,
        k.as_of::text as as_of, k.upload_id, k.row_count, k.not_on_payroll
      from nominal_roll_ministries k where k.tenant_id = ${scope.tenantId}
      order by lower(k.ministry), k.ministry_key`);
    return result.rows;
  }

  /**
   * The not-on-payroll list's CSV lines (CRLF): which rows, in one statement; their lines `batch`
   * rows at a time (only the ids are held, never the whole file).
   */
  async *notOnPayrollLines(scope: TenantScope, batch = NOT_ON_PAYROLL_BATCH): AsyncGenerator<string> {
    const ids = (await this.db.orm.execute<{ id: string }>(notOnPayrollIds(scope.tenantId))).rows.map(
      (r) => r.id,
    );
    for (let i = 0; i < ids.length; i += batch) {
      const result = await this.db.orm.execute<{ line: string }>(
        notOnPayrollLinesOf(scope.tenantId, ids.slice(i, i + batch)),
      );
      if (result.rows.length) yield result.rows.map((r) => `${r.line}\r\n`).join('');
    }
  }
}
