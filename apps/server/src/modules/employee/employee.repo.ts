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
        nameMatch: o.nameMatch,
        lastVerifiedAt: sql`now()`,
        lastError: null,
        // Verified again from AWAITING_REVALIDATION or SUSPENDED: no decision's reason holds now.
        statusReasonCode: null,
        version: sql`${records.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(records.tenantId, scope.tenantId), eq(records.id, id)));
  }

  /**
   * The status changes of a record in the tenant's audit trail, oldest first: when, from, to, the
   * reason code the decision carried with the tenant's label for it (null when the tenant has no
   * row for the code: the contract's label applies), and the action (a bulk verification's gets a
   * plain label). Nothing else of the event is read: not who, nor the note.
   */
  async statusChanges(
    tenantId: string,
    recordId: string,
  ): Promise<
    {
      at: Date;
      action: string;
      from: string | null;
      to: string;
      reasonCode: string | null;
      tenantLabel: string | null;
    }[]
  > {
    const result = await this.orm.execute<{
      at: string | Date;
      action: string;
      from: string | null;
      to: string;
      reason_code: string | null;
      tenant_label: string | null;
    }>(sql`
      select e.created_at as at, e.action, e.before->>'status' as "from", e.after->>'status' as "to",
        e.after->>'reasonCode' as reason_code, rc.label as tenant_label
      from audit_events e
      left join reason_codes rc on rc.tenant_id = e.tenant_id and rc.code = e.after->>'reasonCode'
      where e.tenant_id = ${tenantId} and e.record_id = ${recordId}
        and e.after->>'status' is not null
        and (e.before->>'status') is distinct from (e.after->>'status')
      order by e.id`);
    return result.rows.map((r) => ({
      at: new Date(r.at),
      action: r.action,
      from: r.from,
      to: r.to,
      reasonCode: r.reason_code,
      tenantLabel: r.tenant_label,
    }));
  }
}
