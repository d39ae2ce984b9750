import type {
  Facets,
  MasterRecord,
  RecordListItem,
  RecordsPage,
  RecordsQuery,
  RecordsQuerySchema,
} from '@portal/contract/records';
import { RECORD_STATUSES, toRecordListItem } from '@portal/contract/records';
import { koboToNaira } from '@portal/contract/payroll';
import type { z } from 'zod';
import { scopeOf, type Actor, type RecordScope, type TenantScope } from '../../access/actor.ts';
import { isOneOf, POTENTIAL_GHOSTS } from './record-state.ts';
import type { RecordFilter, RecordRow, RecordsRepo } from './records.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string | null | undefined) =>
  d == null ? null : d instanceof Date ? d.toISOString() : String(d);

export function toMasterRecord(row: RecordRow): MasterRecord {
  return {
    id: row.id,
    fullName: row.fullName,
    employeeId: row.employeeId ?? null,
    ssid: row.ssid ?? null,
    nin: row.nin ?? null,
    psn: row.psn ?? null,
    ministry: row.ministry ?? null,
    ministryId: row.ministryId ?? null,
    department: row.department ?? null,
    departmentId: row.departmentId ?? null,
    gradeLevel: row.gradeLevel ?? null,
    salaryGradeId: row.salaryGradeId ?? null,
    salaryStructure: row.salaryStructure ?? null,
    dateOfBirth: iso(row.dateOfBirth)?.slice(0, 10) ?? null,
    email: row.email ?? null,
    phone: row.phone ?? null,
    dateOfFirstAppointment: iso(row.dateOfFirstAppointment)?.slice(0, 10) ?? null,
    bank: row.bank ?? null,
    accountNumber: row.accountNumber ?? null,
    bvn: row.bvn ?? null,
    monthlyGrossPay: row.monthlyGrossKobo == null ? null : koboToNaira(Number(row.monthlyGrossKobo)),
    status: row.status,
    originalUploadData: JSON.stringify(row.originalUploadData ?? {}),
    sotData: row.sotData == null ? null : JSON.stringify(row.sotData),
    lastError: row.lastError ?? null,
    lastVerifiedAt: iso(row.lastVerifiedAt),
    validatedAt: iso(row.validatedAt),
    version: row.version,
    statusReasonCode: row.statusReasonCode ?? null,
    statusBeforeApproval: row.statusBeforeApproval ?? null,
  };
}

/** A row as a list returns it: identity and bank numbers masked (the contract's one rule). */
export const toListItem = (row: RecordRow): RecordListItem => toRecordListItem(toMasterRecord(row));

type Query = z.output<typeof RecordsQuerySchema>;

export class RecordsService {
  constructor(private readonly repo: RecordsRepo) {}

  /** Filter values name ministries and departments by id (from the facets) or by name. */
  async resolveFilter(
    scope: TenantScope | RecordScope,
    q: Pick<Query, 'ministry' | 'department' | 'grade' | 'status' | 'ids' | 'q'>,
  ): Promise<RecordFilter | null> {
    const resolve = async (kind: 'ministry' | 'department', values: string[]) => {
      if (values.length === 0) return undefined;
      const ids = values.filter((v) => UUID.test(v));
      const names = values.filter((v) => !UUID.test(v));
      return [...ids, ...(await this.repo.idsByName(scope, kind, names))];
    };
    const ministryIds = await resolve('ministry', q.ministry);
    const departmentIds = await resolve('department', q.department);
    const ids = q.ids.filter((v) => UUID.test(v));
    const search = q.q ? await this.repo.searchQuery(scope, q.q) : undefined;
    // A filter that names nothing that exists matches no record.
    if (
      ministryIds?.length === 0 ||
      departmentIds?.length === 0 ||
      (q.ids.length > 0 && ids.length === 0) ||
      search === null
    )
      return null;
    return { ministryIds, departmentIds, grades: q.grade, statuses: q.status, ids, search };
  }

  async list(actor: Actor, q: Query): Promise<RecordsPage> {
    const scope = scopeOf(actor);
    const filter = await this.resolveFilter(scope, q);
    const unfilteredTotal = (await this.repo.countsByStatus(scope)).reduce((sum, c) => sum + Number(c.n), 0);
    if (!filter) return { items: [], total: 0, page: q.page, pageSize: q.pageSize, unfilteredTotal };
    const filtered = Boolean(
      filter.ministryIds?.length ||
      filter.departmentIds?.length ||
      filter.grades?.length ||
      filter.statuses?.length ||
      filter.ids?.length ||
      filter.search,
    );
    if (!filtered) {
      const rows = await this.repo.page(scope, filter, q, unfilteredTotal);
      return {
        items: rows.map(toListItem),
        total: unfilteredTotal,
        page: q.page,
        pageSize: q.pageSize,
        unfilteredTotal,
      };
    }
    const { rows, total } = await this.#filteredPage(scope, filter, q, unfilteredTotal);
    return { items: rows.map(toListItem), total, page: q.page, pageSize: q.pageSize, unfilteredTotal };
  }

  /**
   * A filtered page and its total: for a search alone, its total from the name words' counts when
   * they give it and its page walked in name order when that is shorter; read in name order from
   * the filter's index when it pins one; in one pass when the filter is narrow; else counted, then
   * walked in name order. `tenantTotal`: the tenant's records, when the caller has it.
   */
  async #filteredPage(scope: TenantScope, filter: RecordFilter, q: Query, tenantTotal?: number) {
    const searchAlone =
      !filter.ministryIds?.length &&
      !filter.departmentIds?.length &&
      !filter.grades?.length &&
      !filter.statuses?.length &&
      !filter.ids?.length;
    if (filter.search && q.q && tenantTotal !== undefined && searchAlone) {
      const total = await this.repo.searchTotal(scope, q.q);
      if (total !== null) {
        const page = { page: q.page, pageSize: q.pageSize };
        const rows = await this.repo.searchPage(scope, filter.search, page, { total, tenantTotal });
        return { rows, total };
      }
    }
    const small =
      (await this.repo.pinnedPage(scope, filter, q)) ?? (await this.repo.smallPage(scope, filter, q));
    if (small) return { rows: await this.repo.rowsOf(scope, small.ids), total: small.total };
    const total = await this.repo.count(scope, filter);
    return { rows: await this.repo.page(scope, filter, q, total), total };
  }

  /** Potential ghosts: NOT_FOUND records, with the same filters; the unfiltered total counts them all. */
  async listNotFound(actor: Actor, q: Query): Promise<RecordsPage> {
    const scope = scopeOf(actor);
    const filter = await this.resolveFilter(scope, { ...q, status: [...POTENTIAL_GHOSTS] });
    const counts = await this.repo.countsByStatus(scope);
    const unfilteredTotal = counts
      .filter((c) => isOneOf(POTENTIAL_GHOSTS, c.status))
      .reduce((sum, c) => sum + Number(c.n), 0);
    if (!filter) return { items: [], total: 0, page: q.page, pageSize: q.pageSize, unfilteredTotal };
    const { rows, total } = await this.#filteredPage(scope, filter, q);
    return { items: rows.map(toListItem), total, page: q.page, pageSize: q.pageSize, unfilteredTotal };
  }

  async facets(actor: Actor): Promise<Facets> {
    const scope = scopeOf(actor);
    const [ministries, departments, grades] = await Promise.all([
      this.repo.ministries(scope),
      this.repo.departments(scope),
      this.repo.grades(scope),
    ]);
    return { ministries, departments, grades, statuses: [...RECORD_STATUSES] };
  }

  ministries(actor: Actor) {
    return this.repo.ministries(scopeOf(actor));
  }

  departments(actor: Actor) {
    return this.repo.departments(scopeOf(actor));
  }

  async uploads(actor: Actor) {
    return (await this.repo.uploads(scopeOf(actor))).map((u) => ({
      ...u,
      createdAt: u.createdAt.toISOString(),
    }));
  }
}

export type { RecordsQuery };
