import { and, eq, sql } from 'drizzle-orm';
import type { RecordScope, TenantScope } from '../../access/actor.ts';
import { recordsInScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { departments, ministries, records, users } from '../../db/schema/index.ts';
import type { VerificationOutcome } from '../verification/compare.ts';

export interface ReverifyTarget {
  id: string;
  status: string;
  nin: string | null;
  ssid: string | null;
  fullName: string;
  dateOfBirth: string | null;
  ministry: string | null;
  department: string | null;
  gradeLevel: string | null;
}

export class EmployeeRepo {
  constructor(private readonly orm: Orm) {}

  /** The record linked to the account (what the employee's screen shows). */
  async recordIdOf(userId: string): Promise<string | null> {
    const [row] = await this.orm.select({ recordId: users.recordId }).from(users).where(eq(users.id, userId));
    return row?.recordId ?? null;
  }

  async transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }

  /** The record if `scope` reaches it, locked until the transaction ends. */
  async lock(tx: Orm, scope: TenantScope | RecordScope, id: string): Promise<ReverifyTarget | undefined> {
    const [row] = await tx
      .select({
        id: records.id,
        status: records.status,
        nin: records.nin,
        ssid: records.ssid,
        fullName: records.fullName,
        dateOfBirth: sql<string | null>`to_char(${records.dateOfBirth}, 'YYYY-MM-DD')`,
        ministry: ministries.name,
        department: departments.name,
        gradeLevel: records.gradeLevel,
      })
      .from(records)
      .leftJoin(ministries, eq(ministries.id, records.ministryId))
      .leftJoin(departments, eq(departments.id, records.departmentId))
      .where(and(recordsInScope(scope), eq(records.id, id)))
      .for('update', { of: records });
    return row;
  }

  async applyOutcome(tx: Orm, scope: TenantScope, id: string, o: VerificationOutcome): Promise<void> {
    await tx
      .update(records)
      .set({
        status: o.status,
        sotVerified: o.sotVerified,
        sotData: o.sotData,
        lastVerifiedAt: sql`now()`,
        lastError: null,
        version: sql`${records.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(records.tenantId, scope.tenantId), eq(records.id, id)));
  }
}
