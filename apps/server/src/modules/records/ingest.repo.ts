import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import type { MasterRow } from './parse/row-normalise.ts';

/** One valid row of an upload, normalised (ISO date, key chosen). */
export type StagedRow = MasterRow;

export interface DuplicateKey {
  row: number;
  firstRow: number;
  keyColumn: 'PSN' | 'NIN';
}

export interface ApplyOutcome {
  created: number;
  updated: number;
  reverificationIds: string[];
}

/** States in which a record counts as verified or validated (its identity was checked). */
const CHECKED_STATES = ['PENDING_GRADE_VALIDATION', 'MISMATCHED', 'VALIDATED'];

/** Compared and audited fields of a record row aliased `p`, as one JSON object. */
const fields = (p: string) =>
  sql.raw(
    `jsonb_build_object('fullName', ${p}.full_name, 'employeeId', ${p}.employee_id, 'psn', ${p}.psn, 'nin', ${p}.nin,
      'ssid', ${p}.ssid, 'ministryId', ${p}.ministry_id, 'departmentId', ${p}.department_id, 'gradeLevel', ${p}.grade_level,
      'salaryGradeId', ${p}.salary_grade_id, 'salaryStructure', ${p}.salary_structure, 'dateOfBirth', ${p}.date_of_birth,
      'email', ${p}.email, 'phone', ${p}.phone, 'status', ${p}.status)`,
  );

/**
 * SQL of one upload inside one transaction: rows go to a temporary staging table as they are
 * parsed, duplicates are found there, and one statement upserts them all (all or nothing).
 */
export class IngestSession {
  constructor(
    private readonly tx: Orm,
    private readonly scope: TenantScope,
  ) {}

  async createStaging(): Promise<void> {
    await this.tx.execute(sql`
      create temp table upload_staging (
        row_no int not null, natural_key text not null, key_column text not null, full_name text not null,
        employee_id text, psn text, nin text, ssid text, ministry text not null, department text not null,
        grade_level text, salary_grade_id text, salary_structure text, date_of_birth date, email text, phone text,
        original jsonb not null
      ) on commit drop`);
  }

  async stage(rows: StagedRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r) => ({
        row_no: r.rowNumber,
        natural_key: r.naturalKey,
        key_column: r.keyColumn,
        full_name: r.fullName,
        employee_id: r.employeeId,
        psn: r.psn,
        nin: r.nin,
        ssid: r.ssid,
        ministry: r.ministry,
        department: r.department,
        grade_level: r.gradeLevel,
        salary_grade_id: r.salaryGradeId,
        salary_structure: r.salaryStructure,
        date_of_birth: r.dateOfBirth,
        email: r.email,
        phone: r.phone,
        original: r.original,
      })),
    );
    await this.tx.execute(sql`
      insert into upload_staging
      select * from json_to_recordset(${json}::json) as x(
        row_no int, natural_key text, key_column text, full_name text, employee_id text, psn text, nin text,
        ssid text, ministry text, department text, grade_level text, salary_grade_id text, salary_structure text,
        date_of_birth date, email text, phone text, original jsonb)`);
  }

  /** Rows whose key already appeared earlier in the same file. */
  async duplicateKeys(limit: number): Promise<{ count: number; first: DuplicateKey[] }> {
    const result = await this.tx.execute<{
      row: number;
      first_row: number;
      key_column: 'PSN' | 'NIN';
      total: number;
    }>(sql`
      with d as (
        select row_no, key_column, min(row_no) over (partition by natural_key) as first_row from upload_staging
      )
      select row_no as row, first_row, key_column, count(*) over ()::int as total
      from d where row_no <> first_row order by row_no limit ${limit}`);
    return {
      count: result.rows[0]?.total ?? 0,
      first: result.rows.map((r) => ({ row: r.row, firstRow: r.first_row, keyColumn: r.key_column })),
    };
  }

  /** Creates ministries and departments by name, then upserts every staged row by natural key. */
  async apply(actor: { userId: string; email: string }, note: string): Promise<ApplyOutcome> {
    const t = this.scope.tenantId;
    await this.tx.execute(sql`
      insert into ministries (tenant_id, name)
      select distinct on (lower(ministry)) ${t}::uuid, ministry from upload_staging order by lower(ministry), row_no
      on conflict (tenant_id, lower(name)) do nothing`);
    await this.tx.execute(sql`
      insert into departments (tenant_id, name)
      select distinct on (lower(department)) ${t}::uuid, department from upload_staging order by lower(department), row_no
      on conflict (tenant_id, lower(name)) do nothing`);
    const checked = sql.raw(CHECKED_STATES.map((s) => `'${s}'`).join(','));
    const result = await this.tx.execute<{ created: number; updated: number; reverify: string[] | null }>(sql`
      with s as (
        select st.*, m.id as ministry_id, d.id as department_id
        from upload_staging st
        join ministries m on m.tenant_id = ${t} and lower(m.name) = lower(st.ministry)
        join departments d on d.tenant_id = ${t} and lower(d.name) = lower(st.department)
      ),
      prev as (
        select r.id, r.full_name, r.employee_id, r.psn, r.nin, r.ssid, r.ministry_id, r.department_id, r.grade_level,
          r.salary_grade_id, r.salary_structure, r.date_of_birth, r.email, r.phone, r.status
        from records r join upload_staging st on st.natural_key = r.natural_key where r.tenant_id = ${t}
      ),
      up as (
        insert into records as r (tenant_id, natural_key, full_name, employee_id, psn, nin, ssid, ministry_id,
          department_id, grade_level, salary_grade_id, salary_structure, date_of_birth, email, phone, original_upload_data)
        select ${t}, natural_key, full_name, employee_id, psn, nin, ssid, ministry_id, department_id, grade_level,
          salary_grade_id, salary_structure, date_of_birth, email, phone, original from s
        on conflict (tenant_id, natural_key) do update set
          full_name = excluded.full_name, employee_id = excluded.employee_id, psn = excluded.psn, nin = excluded.nin,
          ssid = excluded.ssid, ministry_id = excluded.ministry_id, department_id = excluded.department_id,
          grade_level = excluded.grade_level, salary_grade_id = excluded.salary_grade_id,
          salary_structure = excluded.salary_structure, date_of_birth = excluded.date_of_birth, email = excluded.email,
          phone = excluded.phone, original_upload_data = excluded.original_upload_data,
          status = case
            when r.status in (${checked})
              and (r.full_name, r.nin, r.ssid, r.date_of_birth)
                is distinct from (excluded.full_name, excluded.nin, excluded.ssid, excluded.date_of_birth)
            then 'AWAITING_REVALIDATION' else r.status end,
          version = r.version + 1, updated_at = now()
        where (r.full_name, r.employee_id, r.psn, r.nin, r.ssid, r.ministry_id, r.department_id, r.grade_level,
               r.salary_grade_id, r.salary_structure, r.date_of_birth, r.email, r.phone)
          is distinct from
              (excluded.full_name, excluded.employee_id, excluded.psn, excluded.nin, excluded.ssid, excluded.ministry_id,
               excluded.department_id, excluded.grade_level, excluded.salary_grade_id, excluded.salary_structure,
               excluded.date_of_birth, excluded.email, excluded.phone)
        -- The compared and audited columns only: the upload's JSON stays out of the CTE.
        returning r.id, r.full_name, r.employee_id, r.psn, r.nin, r.ssid, r.ministry_id, r.department_id, r.grade_level,
          r.salary_grade_id, r.salary_structure, r.date_of_birth, r.email, r.phone, r.status, (xmax = 0) as inserted
      ),
      changes as (
        select up.id, up.status, prev.status as prev_status, ${fields('prev')} as b, ${fields('up')} as a
        from up join prev on prev.id = up.id
      ),
      audited as (
        insert into audit_events (tenant_id, actor_user_id, actor_email, action, entity_type, entity_id, before, after, note)
        select ${t}, ${actor.userId}, ${actor.email},
          case when c.status = 'AWAITING_REVALIDATION' and c.prev_status <> 'AWAITING_REVALIDATION'
               then 'RECORD_REVERIFICATION_REQUIRED' else 'RECORD_UPDATED_BY_UPLOAD' end,
          'record', c.id::text,
          (select jsonb_object_agg(k, v) from jsonb_each(c.b) as e(k, v) where v is distinct from c.a -> k),
          (select jsonb_object_agg(k, v) from jsonb_each(c.a) as e(k, v) where v is distinct from c.b -> k),
          ${note}
        from changes c
        returning 1
      )
      select
        (select count(*)::int from up where inserted) as created,
        (select count(*)::int from up where not inserted) as updated,
        (select array_agg(id::text) from changes
          where status = 'AWAITING_REVALIDATION' and prev_status <> 'AWAITING_REVALIDATION') as reverify,
        (select count(*)::int from audited) as audited`);
    const row = result.rows[0];
    const outcome = {
      created: row?.created ?? 0,
      updated: row?.updated ?? 0,
      reverificationIds: row?.reverify ?? [],
    };
    // A large load changes the table's statistics enough that the planner needs fresh ones now,
    // not when autovacuum gets to it (filtered pages over 1,000,000 records depend on them).
    if (outcome.created + outcome.updated >= 10_000) await this.tx.execute(sql`analyze records`);
    return outcome;
  }

  async recordUpload(entry: {
    fileName: string;
    sizeBytes: number;
    rowCount: number;
    outcome: ApplyOutcome;
    userId: string;
    email: string;
  }): Promise<string> {
    const result = await this.tx.execute<{ id: string }>(sql`
      insert into uploads (tenant_id, file_name, size_bytes, row_count, new_records, updated_records,
        reverification_records, uploaded_by, uploaded_by_email)
      values (${this.scope.tenantId}, ${entry.fileName}, ${entry.sizeBytes}, ${entry.rowCount}, ${entry.outcome.created},
        ${entry.outcome.updated}, ${entry.outcome.reverificationIds.length}, ${entry.userId}, ${entry.email})
      returning id`);
    return result.rows[0]!.id;
  }
}

export class IngestRepo {
  constructor(private readonly orm: Orm) {}

  /** Runs one upload in one transaction: any throw rolls every row back. */
  async inTransaction<T>(scope: TenantScope, fn: (session: IngestSession) => Promise<T>): Promise<T> {
    return this.orm.transaction(async (tx) => fn(new IngestSession(tx, scope)));
  }
}
