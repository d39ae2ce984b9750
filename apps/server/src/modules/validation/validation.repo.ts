import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { RecordScope, TenantScope } from '../../access/actor.ts';
import { recordsInScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { auditEvents, departments, ministries, records } from '../../db/schema/index.ts';

/** The fields a decision reads and writes, as the row stands when it is locked. */
export interface LockedRecord {
  id: string;
  status: string;
  version: number;
  fullName: string;
  ministryId: string | null;
  ministry: string | null;
  departmentId: string | null;
  department: string | null;
  gradeLevel: string | null;
  salaryGradeId: string | null;
  salaryStructure: string | null;
  dateOfBirth: string | null;
  dateOfFirstAppointment: string | null;
  bank: string | null;
  accountNumber: string | null;
  bvn: string | null;
  monthlyGrossKobo: number | null;
  sotData: unknown;
}

export interface RecordPatch {
  status?: string;
  /** The reason code of a rejection (issue #22). */
  statusReasonCode?: string | null;
  /** The name's verdict against the stored provider answer (the overview's 'matched closely'). */
  nameMatch?: string | null;
  fullName?: string;
  ministryId?: string | null;
  departmentId?: string | null;
  gradeLevel?: string | null;
  salaryGradeId?: string | null;
  salaryStructure?: string | null;
  dateOfBirth?: string | null;
  dateOfFirstAppointment?: string | null;
  bank?: string | null;
  accountNumber?: string | null;
  bvn?: string | null;
  monthlyGrossKobo?: number | null;
  validated?: boolean;
}

/** Decisions on single records: each runs in a transaction holding the record's row lock. */
export class ValidationSession {
  constructor(
    readonly tx: Orm,
    private readonly scope: RecordScope,
  ) {}

  /** The record in scope, locked until the transaction ends; undefined when out of scope or absent. */
  async lock(id: string): Promise<LockedRecord | undefined> {
    const [row] = await this.tx
      .select({
        id: records.id,
        status: records.status,
        version: records.version,
        fullName: records.fullName,
        ministryId: records.ministryId,
        ministry: ministries.name,
        departmentId: records.departmentId,
        department: departments.name,
        gradeLevel: records.gradeLevel,
        salaryGradeId: records.salaryGradeId,
        salaryStructure: records.salaryStructure,
        dateOfBirth: sql<string | null>`to_char(${records.dateOfBirth}, 'YYYY-MM-DD')`,
        dateOfFirstAppointment: sql<string | null>`to_char(${records.dateOfFirstAppointment}, 'YYYY-MM-DD')`,
        bank: records.bank,
        accountNumber: records.accountNumber,
        bvn: records.bvn,
        monthlyGrossKobo: records.monthlyGrossKobo,
        sotData: records.sotData,
      })
      .from(records)
      .leftJoin(ministries, eq(ministries.id, records.ministryId))
      .leftJoin(departments, eq(departments.id, records.departmentId))
      .where(and(recordsInScope(this.scope), eq(records.id, id)))
      .for('update', { of: records });
    return row as LockedRecord | undefined;
  }

  async update(id: string, patch: RecordPatch): Promise<void> {
    const { validated, ...fields } = patch;
    await this.tx
      .update(records)
      .set({
        ...fields,
        ...(validated ? { validatedAt: sql`now()` } : {}),
        version: sql`${records.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(records.tenantId, this.scope.tenantId), eq(records.id, id)));
  }

  /** Ministry or department of this tenant by name (case-insensitive). */
  async idByName(kind: 'ministry' | 'department', name: string): Promise<string | undefined> {
    const table = kind === 'ministry' ? ministries : departments;
    const [row] = await this.tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.tenantId, this.scope.tenantId),
          sql`lower(${table.name}) = ${name.trim().toLowerCase()}`,
        ),
      );
    return row?.id;
  }

  /** Accepting the source of truth may name a ministry or department the uploads never did. */
  async ensureNamed(kind: 'ministry' | 'department', name: string): Promise<string> {
    const table = kind === 'ministry' ? ministries : departments;
    await this.tx
      .insert(table)
      .values({ tenantId: this.scope.tenantId, name: name.trim() })
      .onConflictDoNothing();
    return (await this.idByName(kind, name))!;
  }
}

export class ValidationRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * Filter values of a reviewer's queues: the ministries, departments and grades of the records
   * awaiting a decision in their scope (the tenant-wide facets are the tenant admin's only).
   */
  async reviewerFacets(scope: RecordScope & { reviewerId: string }, statuses: readonly string[]) {
    const where = and(recordsInScope(scope), inArray(records.status, [...statuses]));
    const [ministryRows, departmentRows, gradeRows] = await Promise.all([
      this.orm
        .selectDistinct({ id: ministries.id, name: ministries.name })
        .from(records)
        .innerJoin(ministries, eq(ministries.id, records.ministryId))
        .where(where)
        .orderBy(asc(ministries.name)),
      this.orm
        .selectDistinct({ id: departments.id, name: departments.name })
        .from(records)
        .innerJoin(departments, eq(departments.id, records.departmentId))
        .where(where)
        .orderBy(asc(departments.name)),
      this.orm
        .selectDistinct({ grade: records.gradeLevel })
        .from(records)
        .where(and(where, isNotNull(records.gradeLevel)))
        .orderBy(asc(records.gradeLevel)),
    ]);
    return {
      ministries: ministryRows,
      departments: departmentRows,
      grades: gradeRows.map((r) => r.grade!),
    };
  }

  async inTransaction<T>(scope: RecordScope, fn: (s: ValidationSession) => Promise<T>): Promise<T> {
    return this.orm.transaction(async (tx) => fn(new ValidationSession(tx, scope)));
  }

  async history(scope: TenantScope, recordId: string, page: { page: number; pageSize: number }) {
    const where = and(
      eq(auditEvents.tenantId, scope.tenantId),
      eq(auditEvents.entityType, 'record'),
      eq(auditEvents.entityId, recordId),
    );
    const [rows, [count]] = await Promise.all([
      this.orm
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      this.orm
        .select({ n: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(where),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }
}
