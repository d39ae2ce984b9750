import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { CopyIn, Database, Orm } from '../../platform/db.ts';
import { idIn } from '../../platform/sql-ids.ts';
import type { OptimaPerson } from '@portal/optima/protocol';
import type { MatchSettings } from '../identity/provider-settings.ts';
import {
  AWAITING_SECOND_APPROVAL,
  bulkMove,
  IN_PAYROLL,
  isInPayroll,
  statesFor,
  statusLiterals,
  transition,
  type Comparison,
} from './record-state.ts';
import type { BatchMessage } from './parse/read-upload.ts';

export interface DuplicateKey {
  row: number;
  firstRow: number;
  keyColumn: 'PSN' | 'NIN';
  /** One of the two rows has no PSN and is the other's record by its NIN (issue #30). */
  byNin: boolean;
}

/** A row without a PSN whose NIN belongs to more than one record (issue #30). */
export interface AmbiguousRow {
  row: number;
  matches: number;
}

export interface ApplyOutcome {
  created: number;
  updated: number;
  reverificationIds: string[];
  /** Records kept in the payroll until a second approver approves their re-verification. */
  held: number;
  /** Per compared column, the existing records whose stored value the file left (its cell blank or its column absent). */
  kept: Record<string, number>;
}

/** The records' search indexes (migrations 0023 and 0028), whose new entries wait in a pending list. */
const SEARCH_INDEXES = ['records_search_idx', 'records_search_queue_idx'];

/** Records compared again per statement (recompare()). */
const RECOMPARE_CHUNK = 1_000;

/**
 * An upload's change of identity (full name, NIN, SSID, date of birth) as one statement applies it
 * (record-state): the records it moves, where to, and the audit action of a moved and of a kept one.
 */
const IDENTITY = bulkMove({ type: 'UPLOAD_IDENTITY_CHANGED' });
/**
 * The same with a second approver on (issue #30): a record in the payroll is held in it, awaiting
 * approval of its re-verification; the others move as IDENTITY says.
 */
const HELD = bulkMove({ type: 'UPLOAD_REMOVAL_AWAITS_APPROVAL' });
/** The records compared again when the upload moved their posting or grade (record-state). */
const RECOMPARED = statesFor('UPLOAD_RECOMPARED');

/** Columns of the temporary table a batch is loaded into, in the COPY order of ingest-worker-main.ts. */
const BATCH_COLUMNS: [string, string][] = [
  ['row_no', 'int'],
  ['natural_key', 'text'],
  ['key_column', 'text'],
  ['full_name', 'text'],
  ['employee_id', 'text'],
  ['psn', 'text'],
  ['nin', 'text'],
  ['ssid', 'text'],
  ['ministry', 'text'],
  ['department', 'text'],
  ['grade_level', 'text'],
  ['salary_grade_id', 'text'],
  ['salary_structure', 'text'],
  ['date_of_birth', 'date'],
  ['email', 'text'],
  ['phone', 'text'],
  ['date_of_first_appointment', 'date'],
  ['bank', 'text'],
  ['account_number', 'text'],
  ['bvn', 'text'],
  ['monthly_gross_kobo', 'bigint'],
  ['original', 'jsonb'],
];

/** Compared and audited columns of a record, besides its status. */
const COMPARED = [
  'full_name',
  'employee_id',
  'psn',
  'nin',
  'ssid',
  'ministry_id',
  'department_id',
  'grade_level',
  'salary_grade_id',
  'salary_structure',
  'date_of_birth',
  'email',
  'phone',
  // The payroll columns (issue #21): kept like the others, as the last upload carried them.
  'date_of_first_appointment',
  'bank',
  'account_number',
  'bvn',
  'monthly_gross_kobo',
];
/**
 * The compared columns a row always states (required): any other may be blank or absent from the
 * file, and is then left as it was (issue #30).
 */
const ALWAYS_STATED = ['full_name', 'ministry_id', 'department_id'];
/** The compared columns the upload summary reports as left as they were, by the field the file would name. */
export const KEPT_COLUMNS = COMPARED.filter((c) => !ALWAYS_STATED.includes(c));
const camel = (c: string) => c.replace(/_(\w)/g, (_, l: string) => l.toUpperCase());
const list = (alias: string, prefix = '') => COMPARED.map((c) => `${alias}.${prefix}${c}`).join(', ');
const pairs = (alias: string, prefix: string) => COMPARED.map((c) => `'${camel(c)}', ${alias}.${prefix}${c}`);

/** The compared and audited fields of row `alias` (columns named `prefix` + name), as one JSON object. */
const fields = (alias: string, prefix = '') =>
  sql.raw(`jsonb_build_object(${pairs(alias, prefix).join(', ')}, 'status', ${alias}.${prefix}status)`);

/** The compared fields of row `alias` as an upload carries them (stored as records.uploaded_values). */
const uploaded = (alias: string, prefix = '') => `jsonb_build_object(${pairs(alias, prefix).join(', ')})`;

/**
 * The statement that upserts the batch in upload_batch for tenant `t`: it stores the batch's keys,
 * inserts or updates its records and audits every change (with the values before and after).
 *
 * A field changes only when the file's value differs from the value the previous upload of that
 * record carried (records.uploaded_values; DESIGN §6): what a reviewer, a resolved mismatch or the
 * source of truth set since stands otherwise, so re-uploading an unchanged file after decisions
 * changes nothing. A record written before uploaded_values existed compares with its current values.
 */
/** Who an upload's statements write in the trail: the uploader and their address (issue #22). */
export interface IngestActor {
  userId: string;
  email: string;
  address?: string | null;
}

export function upsertBatch(t: string, actor: IngestActor, note: string, hold = false) {
  // The states as constants, not parameters, as they always were here: the plan stays as it was.
  const movable = sql.raw(statusLiterals(IDENTITY.from));
  const reverify = sql.raw(statusLiterals([IDENTITY.to]));
  const recompared = sql.raw(statusLiterals(RECOMPARED));
  const awaiting = sql.raw(`'${AWAITING_SECOND_APPROVAL}'`);
  const paid = sql.raw(statusLiterals(IN_PAYROLL));
  const identityMoved = sql.raw(`(p.o_full_name, p.o_nin, p.o_ssid, p.o_date_of_birth)
              is distinct from (p.n_full_name, p.n_nin, p.n_ssid, p.n_date_of_birth)`);
  // With a second approver on, a record in the payroll whose identity changed is held in it.
  const held = hold
    ? sql`(p.o_status in (${sql.raw(statusLiterals(HELD.from))}) and ${identityMoved})`
    : sql`false`;
  // The value a column takes: the file's where the file changed it since the last upload, else the record's.
  const next = COMPARED.map(
    (c) =>
      `case when e.up -> '${camel(c)}' is distinct from e.last -> '${camel(c)}' then e.${c} else e.o_${c} end as n_${c}`,
  ).join(',\n        ');
  const o = sql.raw(COMPARED.map((c) => `r.${c} as o_${c}`).join(', '));
  // Existing records whose stored value the file did not state (a blank cell or no such column).
  const kept = sql.raw(
    `jsonb_build_object(${KEPT_COLUMNS.map((c) => `'${c}', count(*) filter (where x.${c} is null and x.o_${c} is not null)`).join(', ')})`,
  );
  return sql`
    with b as (select * from upload_batch),
    keys as (
      insert into upload_keys (row_no, natural_key, key_column) select row_no, natural_key, key_column from b
    ),
    -- A key twice in the batch is written once (the file is refused at the end anyway).
    s as (
      select distinct on (b.natural_key) b.*, m.id as ministry_id, d.id as department_id
      from b
      join ministries m on m.tenant_id = ${t} and lower(m.name) = lower(b.ministry)
      join departments d on d.tenant_id = ${t} and lower(d.name) = lower(b.department)
      order by b.natural_key, b.row_no
    ),
    -- Each row of the batch with its record, if the tenant has one: id, status, the values before
    -- (o_…) and the values its last upload carried. Every join here pairs the batch with the
    -- records table through an index; none pairs two CTEs, which the planner, without statistics
    -- for the batch, would join row by row.
    -- The tenant is a parameter of the statement, not a constant: the statistics of a tenant's
    -- first upload say it has no records, and for a constant the planner then takes any index
    -- that starts with the tenant (the smallest) and filters by key, reading every record of the
    -- upload so far for each row (a second tenant's 100,000 rows took minutes). For a parameter
    -- it estimates an average tenant and reads the key index.
    -- A row with a PSN is the record of that natural key. A row without one (issue #30) is the
    -- record its NIN belongs to: the record keyed by it, or one that has it as its NIN (with a PSN
    -- or not); when that is more than one record the row is refused (matches > 1), never guessed.
    existing as (
      select s.*, r.id, 1 as matches, r.natural_key as o_natural_key, r.status as o_status,
        r.uploaded_values as o_uploaded, ${o}
      from s left join records r on r.tenant_id = (select ${t}::uuid) and r.natural_key = s.natural_key
      where s.key_column = 'PSN'
      union all
      select s.*, r.id, m.n as matches, r.natural_key as o_natural_key, r.status as o_status,
        r.uploaded_values as o_uploaded, ${o}
      from s
      cross join lateral (
        select count(*)::int as n, (array_agg(k.id))[1] as id from (
          select r.id from records r where r.tenant_id = (select ${t}::uuid) and r.natural_key = s.natural_key
          union
          select r.id from records r where r.tenant_id = (select ${t}::uuid) and r.nin = s.nin
        ) k
      ) m
      left join records r on r.tenant_id = (select ${t}::uuid) and r.id = m.id and m.n = 1
      where s.key_column = 'NIN'
    ),
    ambiguous as (
      insert into upload_ambiguous (row_no, matches) select row_no, matches from existing where matches > 1
    ),
    -- A row without a PSN that is a record keyed by its PSN also holds that key in the file: a row
    -- with that PSN is then the same record twice (refused at the end, as a repeated key).
    aliases as (
      insert into upload_keys (row_no, natural_key, key_column, by_nin)
      select row_no, o_natural_key, 'NIN', true from existing where id is not null and o_natural_key <> natural_key
    ),
    -- The records whose uploaded values moved (none on a first upload, so the update below reads
    -- nothing), with the values they take (n_…). A value the row does not state (a blank cell, or
    -- a column the file does not have) is not a change: the last upload's value stands for it, so
    -- the record keeps its own (issue #30).
    prev as (
      select e.*, ${sql.raw(next)}
      from (
        select x.*, x.last || jsonb_strip_nulls(${sql.raw(uploaded('x'))}) as up
        from (
          select y.*, coalesce(y.o_uploaded, ${sql.raw(uploaded('y', 'o_'))}) as last from existing y where y.id is not null
        ) x
      ) e
      where e.up is distinct from e.last
    ),
    -- New keys are plain inserts: uploads of a tenant run one at a time (begin()), and nothing
    -- else creates records or changes a natural key.
    created as (
      insert into records (tenant_id, natural_key, ${sql.raw(COMPARED.join(', '))}, original_upload_data, uploaded_values)
      select ${t}, natural_key, ${sql.raw(COMPARED.join(', '))}, original, ${sql.raw(uploaded('existing'))}
      from existing where id is null and matches <= 1
      returning 1
    ),
    changes as (
      update records r set
        ${sql.raw(COMPARED.map((c) => `${c} = p.n_${c}`).join(', '))},
        -- The cells the file has, over those the last uploads had: a column it lacks stays as it was.
        original_upload_data = coalesce(r.original_upload_data, '{}'::jsonb) || p.original, uploaded_values = p.up,
        status = case
          when ${held} then ${sql.raw(`'${HELD.to}'`)}
          when p.o_status in (${movable}) and ${identityMoved} then ${reverify}
          else p.o_status end,
        -- Awaiting a second approver (issue #22): it keeps waiting, but the status it returns to moves
        -- as its own would, so without a second approver a VALIDATED one whose identity changed leaves
        -- the payroll at once; with one (issue #30) it stays in the payroll.
        status_before_approval = case
          when ${held} then p.o_status
          when p.o_status = ${awaiting} and r.status_before_approval in (${movable}) and ${identityMoved}
            ${hold ? sql`and r.status_before_approval not in (${paid})` : sql``}
          then ${reverify} else r.status_before_approval end,
        -- A file that only repeats what a decision already set changes nothing a reader sees.
        version = r.version + (p.moved)::int,
        updated_at = case when p.moved then now() else r.updated_at end
      from (select *, (${sql.raw(list('prev', 'o_'))}) is distinct from (${sql.raw(list('prev', 'n_'))}) as moved from prev) p
      where r.id = p.id
      -- The compared and audited columns only: the upload's JSON stays out of the CTE.
      returning r.id, r.psn, r.full_name, r.version, r.status, p.o_status as prev_status, p.moved, ${fields('p', 'o_')} as b, ${fields('r')} as a,
        -- A checked record whose identity stayed but whose posting or grade moved is compared again.
        r.status in (${recompared})
          and (p.o_ministry_id, p.o_department_id, p.o_grade_level)
            is distinct from (p.n_ministry_id, p.n_department_id, p.n_grade_level) as recompare
    ),
    -- Held in the payroll (issue #30): the re-verification awaits a different tenant admin.
    held as (
      insert into approvals (tenant_id, kind, record_id, maker_user_id, maker_email, summary, payload)
      select ${t}, 'REVALIDATION', c.id, ${actor.userId}, ${actor.email},
        'Re-verify ' || coalesce(c.psn, '(no PSN)') || ' ' || c.full_name || ': identity changed by the ' || ${note.replace(/^Upload/, 'upload')}::text,
        jsonb_build_object('version', c.version, 'from', c.prev_status, 'to', ${sql.raw(`'${IDENTITY.to}'`)})
      from changes c where c.status = ${awaiting} and c.prev_status <> ${awaiting}
      returning id, record_id
    ),
    audited as (
      insert into audit_events (tenant_id, actor_user_id, actor_email, address, record_id, psn, action, entity_type, entity_id, before, after, note)
      select ${t}, ${actor.userId}, ${actor.email}, ${actor.address ?? null}::text, c.id, c.psn,
        case when h.id is not null then ${HELD.moved}::text
             when c.status = ${reverify} and c.prev_status <> ${reverify}
             then ${IDENTITY.moved}::text else ${IDENTITY.stayed}::text end,
        'record', c.id::text,
        (select jsonb_object_agg(k, v) from jsonb_each(c.b) as e(k, v) where v is distinct from c.a -> k),
        (select jsonb_object_agg(k, v) from jsonb_each(c.a) as e(k, v) where v is distinct from c.b -> k)
          || case when h.id is null then '{}'::jsonb else jsonb_build_object('approvalId', h.id) end,
        ${note}
      from changes c left join held h on h.record_id = c.id where c.moved
      returning 1
    )
    select
      (select count(*)::int from created) as created,
      (select count(*)::int from changes where moved) as updated,
      (select array_agg(id::text) from changes
        where status = ${reverify} and prev_status <> ${reverify}) as reverify,
      (select count(*)::int from held) as held,
      (select count(*)::int from audited) as audited,
      (select array_agg(id::text) from changes where recompare) as recompare,
      (select ${kept} from existing x where x.id is not null) as kept`;
}

/**
 * SQL of one upload inside one transaction. Each batch is copied into a temporary table and
 * upserted by natural key from there while the worker parses the next one; the keys also go to a
 * narrow temporary table, where keys repeated in the file are found at the end (the upload is then
 * rolled back whole).
 */
/**
 * How a record's posting compares with the source of truth's stored answer: verification's
 * comparison rules (compare.ts), handed in by the composition root so that records does not
 * depend on verification, which depends on records.
 */
export type CompareWithSource = (
  record: {
    fullName: string;
    dateOfBirth: string | null;
    ministry: string | null;
    department: string | null;
    gradeLevel: string | null;
  },
  person: Partial<OptimaPerson>,
  /** The tenant's name-match settings (identity/provider-settings.ts). */
  options: MatchSettings,
) => Comparison;

export class IngestSession {
  /** Ministry and department names of the file known to exist (as written). */
  readonly #ministries = new Set<string>();
  readonly #departments = new Set<string>();
  readonly #outcome: ApplyOutcome = { created: 0, updated: 0, reverificationIds: [], held: 0, kept: {} };
  /** Checked records whose ministry, department or grade the upload changed: compared again at the end. */
  readonly #recompare: string[] = [];

  constructor(
    private readonly tx: Orm,
    private readonly scope: TenantScope,
    private readonly copyIn: CopyIn,
    private readonly compare: CompareWithSource,
    /** On the embedded database (one session), whose statements are kept short. */
    private readonly embedded: boolean,
  ) {}

  /**
   * The tenant asks for a second approver (read in the upload's transaction): a record in the
   * payroll is not taken out of it by the upload alone (issue #30).
   */
  hold = false;

  /** Serialises uploads of one tenant, and creates the temporary tables of the upload. */
  async begin(): Promise<void> {
    await this.tx.execute(sql`select pg_advisory_xact_lock(hashtext('upload:' || ${this.scope.tenantId}))`);
    // The search index's new entries wait in its pending list (up to 64 MB, about 500,000 records)
    // instead of being merged into it every 4 MB during the upload: 0.3–0.4 s of CPU less per
    // 100,000 records. The VACUUM queued after a large upload merges them (decision 39).
    await this.tx.execute(sql`set local gin_pending_list_limit = '64MB'`);
    await this.tx.execute(sql`
      create temp table upload_keys (row_no int not null, natural_key text not null, key_column text not null,
        by_nin boolean not null default false)
      on commit drop`);
    await this.tx.execute(
      sql`create temp table upload_ambiguous (row_no int not null, matches int not null) on commit drop`,
    );
    await this.tx.execute(sql`
      create temp table upload_batch (${sql.raw(BATCH_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '))})
      on commit drop`);
  }

  /**
   * Upserts one batch: creates the ministries and departments it names, then one statement stores
   * its keys, inserts or updates its records and audits every change (with the values before and after).
   */
  async apply(batch: BatchMessage, actor: IngestActor, note: string): Promise<void> {
    if (batch.rowCount === 0) return;
    await this.#create('ministries', this.#ministries, batch.extra?.ministries ?? []);
    await this.#create('departments', this.#departments, batch.extra?.departments ?? []);
    await this.tx.execute(sql`truncate upload_batch`);
    await this.copyIn('upload_batch', batch.copyText);
    const result = await this.tx.execute<{
      created: number;
      updated: number;
      reverify: string[] | null;
      held: number;
      recompare: string[] | null;
      kept: Record<string, number> | null;
    }>(upsertBatch(this.scope.tenantId, actor, note, this.hold));
    // The embedded database has one session: its new search entries are merged batch by batch, in
    // statements of their own that another tenant's read can go between (DECISIONS 124), not by
    // the VACUUM after the upload (0.8 s holding the session for 100,000 records).
    if (this.embedded) {
      for (const index of SEARCH_INDEXES)
        await this.tx.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
    }
    const row = result.rows[0];
    this.#outcome.created += row?.created ?? 0;
    this.#outcome.updated += row?.updated ?? 0;
    if (row?.reverify) this.#outcome.reverificationIds.push(...row.reverify);
    if (row?.recompare) this.#recompare.push(...row.recompare);
    this.#outcome.held += row?.held ?? 0;
    for (const [column, n] of Object.entries(row?.kept ?? {}))
      this.#outcome.kept[column] = (this.#outcome.kept[column] ?? 0) + Number(n);
  }

  /**
   * Creates the named ministries or departments the tenant does not have yet. Names that differ
   * only in case are one entity, spelled as it first appears; a batch's rows find theirs by lower().
   */
  async #create(table: 'ministries' | 'departments', known: Set<string>, names: string[]) {
    const fresh = names.filter((name) => !known.has(name));
    if (fresh.length === 0) return;
    await this.tx.execute(sql`
      insert into ${sql.raw(table)} (tenant_id, name)
      select ${this.scope.tenantId}, name
      from json_array_elements_text(${JSON.stringify(fresh)}::json) with ordinality as w(name, n) order by n
      on conflict (tenant_id, lower(name)) do nothing`);
    for (const name of fresh) known.add(name);
  }

  /** Rows whose key already appeared earlier in the same file. */
  async duplicateKeys(limit: number): Promise<{ count: number; first: DuplicateKey[] }> {
    const result = await this.tx.execute<{
      row: number;
      first_row: number;
      key_column: 'PSN' | 'NIN';
      by_nin: boolean;
      total: number;
    }>(sql`
      with d as (
        select row_no, key_column, min(row_no) over (partition by natural_key) as first_row,
          bool_or(by_nin) over (partition by natural_key) as by_nin
        from upload_keys
      )
      select row_no as row, first_row, key_column, by_nin, count(*) over ()::int as total
      from d where row_no <> first_row order by row_no limit ${limit}`);
    return {
      count: result.rows[0]?.total ?? 0,
      first: result.rows.map((r) => ({
        row: r.row,
        firstRow: r.first_row,
        keyColumn: r.by_nin ? 'NIN' : r.key_column,
        byNin: r.by_nin,
      })),
    };
  }

  /** Rows without a PSN whose NIN belongs to more than one record (issue #30). */
  async ambiguousRows(limit: number): Promise<{ count: number; first: AmbiguousRow[] }> {
    const result = await this.tx.execute<{ row: number; matches: number; total: number }>(sql`
      select row_no as row, matches, count(*) over ()::int as total
      from upload_ambiguous order by row_no limit ${limit}`);
    return {
      count: result.rows[0]?.total ?? 0,
      first: result.rows.map((r) => ({ row: r.row, matches: r.matches })),
    };
  }

  /**
   * Compares again with the source of truth's stored answer every checked record whose ministry,
   * department or grade the upload changed while its identity stayed: one that now disagrees is
   * MISMATCHED, one that agrees awaits grade validation (so a VALIDATED record leaves the payroll
   * export until a reviewer approves its new posting or grade). Each move is audited.
   */
  async recompare(actor: IngestActor, note: string, options: MatchSettings): Promise<void> {
    const t = this.scope.tenantId;
    for (let i = 0; i < this.#recompare.length; i += RECOMPARE_CHUNK) {
      const ids = this.#recompare.slice(i, i + RECOMPARE_CHUNK);
      const result = await this.tx.execute<{
        id: string;
        status: string;
        full_name: string;
        date_of_birth: string | null;
        ministry: string | null;
        department: string | null;
        grade_level: string | null;
        sot_data: Partial<OptimaPerson> | null;
      }>(sql`
        select r.id, r.status, r.full_name, r.date_of_birth::text as date_of_birth, m.name as ministry,
          d.name as department, r.grade_level, r.sot_data
        from records r
        left join ministries m on m.id = r.ministry_id
        left join departments d on d.id = r.department_id
        where r.tenant_id = ${t} and ${idIn(sql`r.id`, ids)}`);
      type Move = {
        id: string;
        before: string;
        after: string;
        action: string;
        target: string | null;
        comparison: Comparison | null;
      };
      const moves = result.rows.flatMap((r): Move[] => {
        const record = {
          fullName: r.full_name,
          dateOfBirth: r.date_of_birth,
          ministry: r.ministry,
          department: r.department,
          gradeLevel: r.grade_level,
        };
        // Without a stored answer there is nothing to disagree with; the grade still goes to review.
        const comparison = this.compare(record, r.sot_data ?? {}, options);
        const t = transition(r.status, { type: 'UPLOAD_RECOMPARED', comparison });
        if (!t.allowed || !t.audit) return [];
        // With a second approver on (issue #30), a record in the payroll stays in it until a
        // different tenant admin approves its move (to `target`).
        if (this.hold && isInPayroll(t.from, null) && !isInPayroll(t.to, null)) {
          const h = transition(t.from, { type: 'UPLOAD_REMOVAL_AWAITS_APPROVAL' });
          if (h.allowed && h.audit)
            return [
              { id: r.id, before: h.from, after: h.to, action: h.audit.action, target: t.to, comparison },
            ];
        }
        return [
          { id: r.id, before: t.from, after: t.to, action: t.audit.action, target: null, comparison: null },
        ];
      });
      if (moves.length === 0) continue;
      await this.tx.execute(sql`
        with v as (
          select * from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
            as v(id uuid, before text, after text, action text, target text, comparison text)
        ),
        moved as (
          update records r set status = v.after,
            status_before_approval = case when v.target is not null then v.before else r.status_before_approval end,
            version = r.version + 1, updated_at = now()
          from v where r.tenant_id = ${t} and r.id = v.id
          returning r.id, r.psn, r.full_name, r.version, v.before, v.after, v.action, v.target, v.comparison
        ),
        held as (
          insert into approvals (tenant_id, kind, record_id, maker_user_id, maker_email, summary, payload)
          select ${t}, 'REVALIDATION', m.id, ${actor.userId}, ${actor.email},
            'Review ' || coalesce(m.psn, '(no PSN)') || ' ' || m.full_name || ': posting or grade changed by the ' || ${note.replace(/^Upload/, 'upload')}::text,
            jsonb_build_object('version', m.version, 'from', m.before, 'to', m.target, 'comparison', m.comparison)
          from moved m where m.target is not null
          returning id, record_id
        )
        insert into audit_events (tenant_id, actor_user_id, actor_email, address, record_id, psn, action, entity_type, entity_id, before, after, note)
        select ${t}, ${actor.userId}, ${actor.email}, ${actor.address ?? null}::text, m.id, m.psn, m.action, 'record', m.id::text,
          jsonb_build_object('status', m.before),
          jsonb_build_object('status', m.after) || case when h.id is null then '{}'::jsonb else jsonb_build_object('approvalId', h.id) end,
          ${note}
        from moved m left join held h on h.record_id = m.id`);
      this.#outcome.held += moves.filter((m) => m.target !== null).length;
    }
  }

  /** What the applied batches did; refreshes the planner's statistics after a large load. */
  async finish(): Promise<ApplyOutcome> {
    // A large load changes the table's statistics enough that the planner needs fresh ones now,
    // not when autovacuum gets to it (filtered pages over 1,000,000 records depend on them). So
    // do 1,000 new records: statistics that do not know a tenant's records (its first upload,
    // on a table holding other tenants') make the planner look a record up by id or NIN through
    // the smallest index that starts with the tenant, reading all of the tenant's records. The
    // filtered columns only: the VACUUM (ANALYZE) queued after the commit does the rest. Through
    // portal_analyze (migration 0033): ANALYZE needs the table's owner, which the portal is not.
    const { created, updated } = this.#outcome;
    if (created >= 1_000 || created + updated >= 10_000)
      await this.tx.execute(
        sql`select portal_analyze('records', array['tenant_id', 'status', 'ministry_id', 'department_id', 'grade_level'])`,
      );
    return this.#outcome;
  }

  /**
   * The ids of the records this upload's rows name, as a subquery (issue #30: the rows sharing an
   * identity with a removed record are counted by a query of their own after the ingest).
   */
  uploadedRecords() {
    return sql`select u.id from records u join upload_keys k on k.natural_key = u.natural_key
      where u.tenant_id = (select ${this.scope.tenantId}::uuid)`;
  }

  /** Runs `fn` in the upload's transaction: what it writes commits or rolls back with the upload. */
  async within<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return fn(this.tx);
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
  constructor(
    private readonly db: Pick<Database, 'copyTransaction' | 'kind'>,
    private readonly compare: CompareWithSource,
  ) {}

  /** Runs one upload in one transaction: any throw rolls every row back. */
  async inTransaction<T>(scope: TenantScope, fn: (session: IngestSession) => Promise<T>): Promise<T> {
    const embedded = this.db.kind === 'pglite';
    return this.db.copyTransaction((tx, copyIn) =>
      fn(new IngestSession(tx, scope, copyIn, this.compare, embedded)),
    );
  }
}
