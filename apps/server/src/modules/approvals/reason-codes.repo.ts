import { and, eq, sql } from 'drizzle-orm';
import type { RecordScope } from '../../access/actor.ts';
import { recordsInScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { reasonCodes, records } from '../../db/schema/index.ts';

/**
 * The SQL of a tenant's reason codes (issue #22); the rules (defaults, retirement, which code a
 * decision may name) are in reason-codes.ts. Each function takes the handle to run on: the pool or
 * the caller's transaction.
 */
export type ReasonCodeRow = typeof reasonCodes.$inferSelect;

const byCode = (tenantId: string, code: string) =>
  and(eq(reasonCodes.tenantId, tenantId), eq(reasonCodes.code, code));

/** The tenant's rows: codes it added, and defaults it retired. */
export function reasonCodeRows(orm: Orm, tenantId: string): Promise<ReasonCodeRow[]> {
  return orm.select().from(reasonCodes).where(eq(reasonCodes.tenantId, tenantId));
}

/** How many records in the scope are REJECTED with each code (null: rejected without one). */
export function rejectedByCode(orm: Orm, scope: RecordScope): Promise<{ code: string | null; n: number }[]> {
  return orm
    .select({ code: records.statusReasonCode, n: sql<number>`count(*)::int` })
    .from(records)
    .where(and(recordsInScope(scope), eq(records.status, 'REJECTED')))
    .groupBy(records.statusReasonCode);
}

export async function insertReasonCode(
  tx: Orm,
  row: {
    tenantId: string;
    code: string;
    label: string;
    needsNote: boolean;
    createdByEmail?: string;
    retiredByEmail?: string;
    retired?: boolean;
  },
): Promise<void> {
  const { retired, ...values } = row;
  await tx.insert(reasonCodes).values({ ...values, ...(retired ? { retiredAt: sql`now()` } : {}) });
}

/** A default's row only says it is retired: deleting it brings the default back. */
export async function deleteReasonCode(tx: Orm, tenantId: string, code: string): Promise<void> {
  await tx.delete(reasonCodes).where(byCode(tenantId, code));
}

/** The tenant's own code, active again with the label and note given now. */
export async function reviveReasonCode(
  tx: Orm,
  tenantId: string,
  code: string,
  input: { label: string; needsNote: boolean },
): Promise<void> {
  await tx
    .update(reasonCodes)
    .set({ label: input.label, needsNote: input.needsNote, retiredAt: null, retiredByEmail: null })
    .where(byCode(tenantId, code));
}

export async function retireReasonCode(
  tx: Orm,
  tenantId: string,
  code: string,
  byEmail: string,
): Promise<void> {
  await tx
    .update(reasonCodes)
    .set({ retiredAt: sql`now()`, retiredByEmail: byEmail })
    .where(byCode(tenantId, code));
}
