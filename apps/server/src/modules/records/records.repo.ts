import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { reachesWholeTenant, type RecordScope, type TenantScope } from '../../access/actor.ts';
import {
  assignedPostingBranches,
  assignedRecordBranches,
  recordsInScope,
  withAssignments,
  type AssignedScope,
} from '../../access/record-scope.repo.ts';
import { idIn } from '../../platform/sql-ids.ts';
import type { Orm } from '../../platform/db.ts';
import { departments, ministries, recordCounts, records, uploads } from '../../db/schema/index.ts';
import { isOneOf, POTENTIAL_GHOSTS, REVIEWABLE } from './record-state.ts';

export interface RecordFilter {
  ministryIds?: string[];
  departmentIds?: string[];
  grades?: string[];
  statuses?: string[];
  ids?: string[];
  /** A search by name, PSN or Work ID, as the text search query of `searchQuery`. */
  search?: string;
}

export interface Page {
  page: number;
  pageSize: number;
}

const recordColumns = {
  id: records.id,
  fullName: records.fullName,
  employeeId: records.employeeId,
  ssid: records.ssid,
  nin: records.nin,
  psn: records.psn,
  ministryId: records.ministryId,
  ministry: ministries.name,
  departmentId: records.departmentId,
  department: departments.name,
  gradeLevel: records.gradeLevel,
  salaryGradeId: records.salaryGradeId,
  salaryStructure: records.salaryStructure,
  dateOfBirth: records.dateOfBirth,
  email: records.email,
  phone: records.phone,
  dateOfFirstAppointment: records.dateOfFirstAppointment,
  bank: records.bank,
  accountNumber: records.accountNumber,
  bvn: records.bvn,
  monthlyGrossKobo: records.monthlyGrossKobo,
  status: records.status,
  originalUploadData: records.originalUploadData,
  sotData: records.sotData,
  lastError: records.lastError,
  lastVerifiedAt: records.lastVerifiedAt,
  validatedAt: records.validatedAt,
  version: records.version,
  updatedAt: records.updatedAt,
  statusReasonCode: records.statusReasonCode,
  statusBeforeApproval: records.statusBeforeApproval,
};

export type RecordRow = {
  [K in keyof typeof recordColumns]: (typeof recordColumns)[K]['_']['data'] | null;
} & { id: string; fullName: string; status: string; version: number };

/** A tenant, a reviewer's or an employee's records (access/record-scope.repo.ts). */
type Scope = AssignedScope;

/** Up to this many matches, a page is sorted from the filter's index rather than found by name order. */
const SORT_MATCHES = 20_000;

/**
 * The states of the queues and of the not-found list, where the partial search index
 * `records_search_queue_idx` (migration 0028, whose predicate lists them) holds the records.
 */
const QUEUED_STATES: readonly string[] = [...REVIEWABLE, ...POTENTIAL_GHOSTS];

/**
 * Records a search finds (migration 0023): `query` is the text search query `searchQuery` made of
 * the search, matched against the stored column the GIN index `records_search_idx` is on (not in
 * the Drizzle schema: it is never read). A constant, so the planner estimates its matches from the
 * column's statistics. `terms`: another column holding a copy of the records' terms (the integrity
 * flags', migration 0036), matched the same way.
 */
export function searchMatch(query: string, terms: SQL = sql`"records"."search_terms"`): SQL {
  return sql`${terms} @@ ${query}::tsquery`;
}

/** Master records of one tenant: every query starts from the scope's tenant. */
export class RecordsRepo {
  constructor(private readonly orm: Orm) {}

  #where(scope: Scope, f: RecordFilter): SQL {
    const parts: SQL[] = [recordsInScope(scope)];
    if (f.ministryIds?.length) parts.push(inArray(records.ministryId, f.ministryIds));
    if (f.departmentIds?.length) parts.push(inArray(records.departmentId, f.departmentIds));
    if (f.grades?.length) parts.push(inArray(records.gradeLevel, f.grades));
    if (f.statuses?.length) parts.push(inArray(records.status, f.statuses));
    if (f.ids?.length) parts.push(idIn(records.id, f.ids));
    if (f.search) parts.push(searchMatch(f.search));
    return and(...parts)!;
  }

  /**
   * Two CTEs for a page and its counts in one pass: `c`, the records read (at most
   * SORT_MATCHES + 1: more, and the caller walks the name order instead), and `m`, the filter's
   * matches among them (id, full_name, status). A search in the queues' and the not-found list's
   * states reads its records in all three states from their partial search index first (migration
   * 0028), then applies the states, the scope and the other filters to them: left to itself, the
   * planner ANDs the search index with the scope's or one state's index (26,000 to 40,000 index
   * entries at 1,000,000 records, about 5 ms), where a surname has about 1,000 records in the three
   * states (1 ms). The three states' index range is too long for it to AND with.
   */
  #matches(scope: Scope, f: RecordFilter): SQL {
    const { search } = f;
    const queued = search && f.statuses?.length && f.statuses.every((s) => QUEUED_STATES.includes(s));
    if (!queued)
      return sql`c as materialized (
          select id, full_name, status from records where ${this.#where(scope, f)} limit ${SORT_MATCHES + 1}
        ), m as (select id, full_name, status from c)`;
    // The candidates are the tenant's (the scope applies to them in m, whose conditions name
    // "records"."…", Drizzle's columns: the candidates carry that name).
    return sql`c as materialized (
        select id, full_name, status, tenant_id, ministry_id, department_id, grade_level from records
        where ${and(eq(records.tenantId, scope.tenantId), inArray(records.status, [...QUEUED_STATES]), searchMatch(search))}
        limit ${SORT_MATCHES + 1}
      ), m as materialized (
        select id, full_name, status from c as records where ${this.#where(scope, { ...f, search: undefined })}
      )`;
  }

  /**
   * The scope with a reviewer's assignments read once, for the counts and the page of one request.
   * A tenant-wide scope comes back as it is.
   */
  async withAssignments<S extends TenantScope | RecordScope>(scope: S): Promise<S & AssignedScope> {
    return withAssignments(this.orm, scope);
  }

  /**
   * A reviewer's scope as two disjoint conditions: the records of their ministries, and those of
   * their departments outside those ministries. The assignments go into the SQL as values, so the
   * planner picks each branch's index from real estimates (a subquery's unknown size made it
   * filter every record of the status). Undefined for a tenant-wide scope.
   */
  async #reviewerBranches(scope: Scope, filter: RecordFilter): Promise<[SQL, SQL] | undefined> {
    const { assignments } = scope.assignments ? scope : await this.withAssignments(scope);
    if (!assignments) return undefined;
    const base = this.#where({ ...scope, reviewerId: null }, filter);
    const [inMinistries, inDepartmentsOnly] = assignedRecordBranches(assignments);
    return [sql`${base} and ${inMinistries}`, sql`${base} and ${inDepartmentsOnly}`];
  }

  /**
   * Two steps: the page's ids from narrow index data, then the full rows of just those. `matching`
   * (the exact count, when the caller has it) picks how the ids are found: at most SORT_MATCHES
   * matches are gathered from the filter's own index and sorted; more are found by walking the name
   * order, which meets a page of them quickly. The planner cannot tell these apart when names and
   * postings are correlated, and a wrong guess walks most of the name index.
   */
  async page(scope: Scope, filter: RecordFilter, page: Page, matching?: number): Promise<RecordRow[]> {
    const where = this.#where(scope, filter);
    const offset = (page.page - 1) * page.pageSize;
    let ids: string[];
    if (matching !== undefined && matching <= SORT_MATCHES) {
      if (offset >= matching) return [];
      const walked = await this.#walkQueueState(scope, filter, page, matching);
      if (walked) return this.rowsOf(scope, walked);
      const branches = await this.#reviewerBranches(scope, filter);
      const matches = branches
        ? sql`select id, full_name from records where ${branches[0]}
            union all select id, full_name from records where ${branches[1]}`
        : sql`select id, full_name from records where ${where}`;
      const result = await this.orm.execute<{ id: string }>(sql`
        with m as materialized (${matches})
        select id from m order by full_name, id limit ${page.pageSize} offset ${offset}`);
      ids = result.rows.map((r) => r.id);
    } else {
      const rows = await this.orm
        .select({ id: records.id })
        .from(records)
        .where(where)
        .orderBy(asc(records.fullName), asc(records.id))
        .limit(page.pageSize)
        .offset(offset);
      ids = rows.map((r) => r.id);
    }
    return this.rowsOf(scope, ids);
  }

  /**
   * The page's ids of a filter of one state of the queues or the not-found list (no search, no
   * ids) with `matching` matches, walked in name order through that state's part of
   * `records_queue_name_idx` (migration 0011, which carries the postings and the grade), when the
   * walk should meet the page within fewer records than the matches: the reviewer of two ministries
   * and one department has 6,610 of 60,000 mismatched records at 1,000,000, so a first page comes
   * after about 230 of them (0.2 ms) instead of gathering and sorting the 6,610 (3 ms). The walk
   * reads at most `matching` records; undefined when it would not pay, or ends short (the matches
   * bunch further on in name order), for the caller to gather and sort the matches.
   */
  async #walkQueueState(
    scope: Scope,
    filter: RecordFilter,
    page: Page,
    matching: number,
  ): Promise<string[] | undefined> {
    const status = filter.statuses?.length === 1 ? filter.statuses[0] : undefined;
    const oneQueueState =
      status !== undefined && QUEUED_STATES.includes(status) && !filter.search && !filter.ids?.length;
    if (!oneQueueState) return undefined;
    const offset = (page.page - 1) * page.pageSize;
    const wanted = Math.min(page.pageSize, matching - offset);
    if (wanted <= 0) return undefined;
    const [inState] = await this.orm
      .select({ n: sql<number>`coalesce(sum(${recordCounts.n}), 0)::int` })
      .from(recordCounts)
      .where(and(eq(recordCounts.tenantId, scope.tenantId), eq(recordCounts.status, status)));
    const stateTotal = Number(inState?.n ?? 0);
    if (((offset + wanted) * stateTotal) / matching > matching) return undefined;
    // The walk's columns are named "records"."…", as Drizzle's conditions name them.
    const result = await this.orm.execute<{ id: string }>(sql`
      select id from (
        select id, full_name, tenant_id, status, ministry_id, department_id, grade_level from records
        where tenant_id = ${scope.tenantId} and status = ${status}
        order by full_name, id limit ${matching}
      ) as records
      where ${this.#where(scope, filter)}
      order by full_name, id limit ${wanted} offset ${offset}`);
    return result.rows.length === wanted ? result.rows.map((r) => r.id) : undefined;
  }

  /**
   * A filter of one ministry (or department) and one grade: its page is read in name order straight
   * from that index, whose key goes on with the name (migration 0019), and its total counted on the
   * same range. Undefined for any other filter.
   */
  async pinnedPage(
    scope: TenantScope,
    filter: RecordFilter,
    page: Page,
  ): Promise<{ total: number; ids: string[] } | undefined> {
    const pinned =
      filter.grades?.length === 1 &&
      (filter.ministryIds?.length === 1 || filter.departmentIds?.length === 1) &&
      !filter.ids?.length &&
      !filter.search;
    if (!pinned) return undefined;
    const where = this.#where(scope, filter);
    const offset = (page.page - 1) * page.pageSize;
    const result = await this.orm.execute<{ total: number; ids: string[] }>(sql`
      select (select count(*)::int from records where ${where}) as total,
        array(select id::text from records where ${where}
          order by full_name, id limit ${page.pageSize} offset ${offset}) as ids`);
    const row = result.rows[0]!;
    return { total: row.total, ids: row.ids };
  }

  /**
   * A tenant-wide filtered page and its total from one scan of the filter's index, when the filter
   * matches at most SORT_MATCHES records (the matches are counted and sorted together); undefined
   * when it matches more, for count() and page() to walk the name order instead.
   */
  async smallPage(
    scope: TenantScope,
    filter: RecordFilter,
    page: Page,
  ): Promise<{ total: number; ids: string[] } | undefined> {
    const offset = (page.page - 1) * page.pageSize;
    const result = await this.orm.execute<{ read: number; total: number; ids: string[] }>(sql`
      with ${this.#matches(scope, filter)}
      select (select count(*)::int from c) as read, (select count(*)::int from m) as total,
        array(select id::text from m order by full_name, id limit ${page.pageSize} offset ${offset}) as ids`);
    const row = result.rows[0]!;
    if (row.read > SORT_MATCHES) return undefined;
    return { total: row.total, ids: row.ids };
  }

  /**
   * A search's matches in several states (the queues' two tabs) from one pass over the search
   * index: the count in each state and the page of one, in name order; undefined when they number
   * more than SORT_MATCHES, for count() and page() to walk the name order instead. One pass, not a
   * count per tab: each pass reads every match the index gives (a common surname is 1% of a list).
   */
  async searchByStatus(
    scope: Scope,
    filter: RecordFilter & { search: string; statuses: string[] },
    status: string,
    page: Page,
  ): Promise<{ counts: Record<string, number>; ids: string[] } | undefined> {
    const offset = (page.page - 1) * page.pageSize;
    const result = await this.orm.execute<{
      read: number;
      counts: Record<string, number> | null;
      ids: string[];
    }>(sql`
      with ${this.#matches(scope, filter)}
      select (select count(*)::int from c) as read,
        (select json_object_agg(status, n) from (select status, count(*)::int as n from m group by status) g) as counts,
        array(select id::text from m where status = ${status}
          order by full_name, id limit ${page.pageSize} offset ${offset}) as ids`);
    const row = result.rows[0]!;
    if (row.read > SORT_MATCHES) return undefined;
    return { counts: row.counts ?? {}, ids: row.ids };
  }

  /**
   * The text search query of a search (`q`, trimmed, not blank) within the tenant: each of its
   * words becomes the tenant's name words it starts (migration 0023).
   */
  async searchQuery(scope: TenantScope, q: string): Promise<string | null> {
    const result = await this.orm.execute<{ query: string | null }>(
      sql`select record_search_query(${q}::text, ${scope.tenantId}::uuid)::text as query`,
    );
    return result.rows[0]?.query ?? null;
  }

  /**
   * The exact number of the tenant's records a search (`q`, trimmed, not blank) finds, from the
   * counts of the tenant's name words (migration 0028), without reading them: known when q is one
   * word that starts exactly one name word; null otherwise.
   */
  async searchTotal(scope: TenantScope, q: string): Promise<number | null> {
    const result = await this.orm.execute<{ total: number | null }>(
      sql`select record_search_total(${q}::text, ${scope.tenantId}::uuid) as total`,
    );
    return result.rows[0]?.total ?? null;
  }

  /**
   * A page of a search (`search`: its text search query) that is the only filter, whose exact total
   * (`total`, of the tenant's `tenantTotal` records) the words' counts gave. When the name order should meet the page's
   * matches within fewer records than the search has, it is walked, for at most that many records:
   * a first name of 1.8% of 1,000,000 records gives its first page after about 3,700 of them
   * instead of reading its 18,000. Otherwise, or when the walk ends short (the matches bunch further
   * on, as a first name's do), the matches are read and sorted (`page`).
   */
  async searchPage(
    scope: TenantScope,
    search: string,
    page: Page,
    counts: { total: number; tenantTotal: number },
  ): Promise<RecordRow[]> {
    const offset = (page.page - 1) * page.pageSize;
    const wanted = Math.min(page.pageSize, counts.total - offset);
    if (wanted <= 0) return [];
    if (((offset + wanted) * counts.tenantTotal) / counts.total <= counts.total) {
      const result = await this.orm.execute<{ id: string }>(sql`
        select id from (
          select id, full_name, search_terms from records where tenant_id = ${scope.tenantId}
          order by full_name, id limit ${counts.total}
        ) w
        where search_terms @@ ${search}::tsquery
        order by full_name, id limit ${wanted} offset ${offset}`);
      const ids = result.rows.map((r) => r.id);
      if (ids.length === wanted) return this.rowsOf(scope, ids);
    }
    return this.page(scope, { search }, page, counts.total);
  }

  /**
   * The ids of at most `limit` of the tenant's records a search (`q`: name, PSN or Work ID, as the
   * records list reads it) finds; none when it finds none (the audit log's filter by record).
   */
  async idsMatching(scope: TenantScope, q: string, limit: number): Promise<string[]> {
    const query = await this.searchQuery(scope, q);
    if (!query) return [];
    const result = await this.orm.execute<{ id: string }>(
      sql`select id::text from records where tenant_id = ${scope.tenantId} and ${searchMatch(query)} limit ${limit}`,
    );
    return result.rows.map((r) => r.id);
  }

  /** The records of `ids`, in name order. */
  async rowsOf(scope: TenantScope | RecordScope, ids: string[]): Promise<RecordRow[]> {
    if (ids.length === 0) return [];
    return (await this.orm
      .select(recordColumns)
      .from(records)
      .leftJoin(ministries, eq(ministries.id, records.ministryId))
      .leftJoin(departments, eq(departments.id, records.departmentId))
      .where(and(eq(records.tenantId, scope.tenantId), inArray(records.id, ids)))
      .orderBy(asc(records.fullName), asc(records.id))) as RecordRow[];
  }

  async count(scope: Scope, filter: RecordFilter): Promise<number> {
    const byStatusOnly =
      reachesWholeTenant(scope) &&
      !filter.ministryIds?.length &&
      !filter.departmentIds?.length &&
      !filter.grades?.length &&
      !filter.ids?.length &&
      !filter.search;
    if (byStatusOnly) {
      // The whole tenant, or a status of it: the trigger-maintained counts, exact and without a scan.
      const [row] = await this.orm
        .select({ n: sql<number>`coalesce(sum(${recordCounts.n}), 0)::int` })
        .from(recordCounts)
        .where(
          and(
            eq(recordCounts.tenantId, scope.tenantId),
            filter.statuses?.length ? inArray(recordCounts.status, filter.statuses) : undefined,
          ),
        );
      return Number(row?.n ?? 0);
    }
    const inQueue = await this.#queueCount(scope, filter);
    if (inQueue !== undefined) return inQueue;
    const branches = await this.#reviewerBranches(scope, filter);
    if (branches) {
      // A reviewer's records as two disjoint counts, each an index-only scan, instead of an OR
      // that filters every record of the status.
      const result = await this.orm.execute<{ n: number }>(sql`
        select (select count(*) from records where ${branches[0]})
          + (select count(*) from records where ${branches[1]})::int as n`);
      return Number(result.rows[0]?.n ?? 0);
    }
    const [row] = await this.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(records)
      .where(this.#where(scope, filter));
    return Number(row?.n ?? 0);
  }

  /**
   * The count of a filter of the queues' states and of postings only (ministries, departments, a
   * reviewer's assignments): the sum of those postings' rows in `record_queue_counts` (migration
   * 0035, kept exact by the record counts' triggers; not in the Drizzle schema), without reading
   * the records. Undefined for any other filter and for an employee's scope.
   */
  async #queueCount(scope: Scope, f: RecordFilter): Promise<number | undefined> {
    const postingsOnly =
      f.statuses?.length &&
      f.statuses.every((s) => isOneOf(REVIEWABLE, s)) &&
      !f.grades?.length &&
      !f.ids?.length &&
      !f.search &&
      !('ownerId' in scope && scope.ownerId);
    if (!postingsOnly) return undefined;
    const { assignments } = scope.assignments ? scope : await this.withAssignments(scope);
    const ministryId = sql`"record_queue_counts"."ministry_id"`;
    const departmentId = sql`"record_queue_counts"."department_id"`;
    const where = and(
      sql`"record_queue_counts"."tenant_id" = ${scope.tenantId}`,
      inArray(sql`"record_queue_counts"."status"`, f.statuses!),
      f.ministryIds?.length ? inArray(ministryId, f.ministryIds) : undefined,
      f.departmentIds?.length ? inArray(departmentId, f.departmentIds) : undefined,
    )!;
    const sum = (condition: SQL) =>
      sql`(select coalesce(sum(n), 0) from record_queue_counts where ${condition})`;
    // A reviewer's postings as two disjoint sums, each from the index that starts with its column.
    const branches = assignments && assignedPostingBranches(assignments, ministryId, departmentId);
    const total = branches
      ? sql`${sum(sql`${where} and ${branches[0]}`)} + ${sum(sql`${where} and ${branches[1]}`)}`
      : sum(where);
    const result = await this.orm.execute<{ n: number }>(sql`select (${total})::int as n`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Exact, from the trigger-maintained counts (no scan of the records). */
  async countsByStatus(scope: TenantScope): Promise<{ status: string; sotVerified: boolean; n: number }[]> {
    return this.orm
      .select({ status: recordCounts.status, sotVerified: recordCounts.sotVerified, n: recordCounts.n })
      .from(recordCounts)
      .where(eq(recordCounts.tenantId, scope.tenantId));
  }

  async findById(scope: TenantScope | RecordScope, id: string): Promise<RecordRow | undefined> {
    const [row] = await this.orm
      .select(recordColumns)
      .from(records)
      .leftJoin(ministries, eq(ministries.id, records.ministryId))
      .leftJoin(departments, eq(departments.id, records.departmentId))
      .where(and(this.#where(scope, {}), eq(records.id, id)))
      .limit(1);
    return row as RecordRow | undefined;
  }

  async ministries(scope: TenantScope) {
    return this.orm
      .select({ id: ministries.id, name: ministries.name })
      .from(ministries)
      .where(eq(ministries.tenantId, scope.tenantId))
      .orderBy(asc(ministries.name));
  }

  async departments(scope: TenantScope) {
    return this.orm
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.tenantId, scope.tenantId))
      .orderBy(asc(departments.name));
  }

  /** Ids of ministries or departments named (case-insensitively) by a filter value. */
  async idsByName(scope: TenantScope, kind: 'ministry' | 'department', names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const table = kind === 'ministry' ? ministries : departments;
    const rows = await this.orm
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.tenantId, scope.tenantId),
          inArray(
            sql`lower(${table.name})`,
            names.map((n) => n.toLowerCase()),
          ),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** Distinct grades by a loose index scan: one index probe per grade, not a scan of every record. */
  async grades(scope: TenantScope): Promise<string[]> {
    const t = scope.tenantId;
    const result = await this.orm.execute<{ g: string | null }>(sql`
      with recursive g as (
        (select grade_level as g from records where tenant_id = ${t} and grade_level is not null order by grade_level limit 1)
        union all
        select (select grade_level from records where tenant_id = ${t} and grade_level > g.g order by grade_level limit 1)
        from g where g.g is not null
      )
      select g from g where g is not null`);
    return result.rows.map((r) => r.g!);
  }

  async uploads(scope: TenantScope) {
    return this.orm
      .select({
        id: uploads.id,
        fileName: uploads.fileName,
        sizeBytes: uploads.sizeBytes,
        rowCount: uploads.rowCount,
        newRecords: uploads.newRecords,
        updatedRecords: uploads.updatedRecords,
        reverificationRecords: uploads.reverificationRecords,
        uploadedByEmail: uploads.uploadedByEmail,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .where(eq(uploads.tenantId, scope.tenantId))
      .orderBy(desc(uploads.createdAt))
      .limit(200);
  }
}
