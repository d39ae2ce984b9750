import { sql } from 'drizzle-orm';
import type { OptimaPerson } from '@portal/optima/protocol';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { statesFor, statusLiterals } from '../records/record-state.ts';

/** The records a settings change compares again (record-state: the two review queues). */
const IN_REVIEW = statusLiterals(statesFor('SETTINGS_RECOMPARED'));

export interface InReviewRecord {
  id: string;
  status: string;
  fullName: string;
  dateOfBirth: string | null;
  ministry: string | null;
  department: string | null;
  gradeLevel: string | null;
  sotData: Partial<OptimaPerson>;
}

export interface QueueMove {
  id: string;
  before: string;
  after: string;
  action: string;
}

/** SQL of the re-comparison after a change of the tenant's name-match settings. */
export class SettingsRecompareRepo {
  /** The next `limit` records in review with a stored provider answer, after `afterId` (keyset). */
  async inReview(
    tx: Orm,
    scope: TenantScope,
    afterId: string | null,
    limit: number,
  ): Promise<InReviewRecord[]> {
    const result = await tx.execute<{
      id: string;
      status: string;
      full_name: string;
      date_of_birth: string | null;
      ministry: string | null;
      department: string | null;
      grade_level: string | null;
      sot_data: Partial<OptimaPerson>;
    }>(sql`
      select r.id, r.status, r.full_name, r.date_of_birth::text as date_of_birth, m.name as ministry,
        d.name as department, r.grade_level, r.sot_data
      from records r
      left join ministries m on m.id = r.ministry_id
      left join departments d on d.id = r.department_id
      where r.tenant_id = ${scope.tenantId} and r.status in (${sql.raw(IN_REVIEW)})
        and r.sot_data is not null ${afterId ? sql`and r.id > ${afterId}` : sql``}
      order by r.id
      limit ${limit}`);
    return result.rows.map((r) => ({
      id: r.id,
      status: r.status,
      fullName: r.full_name,
      dateOfBirth: r.date_of_birth,
      ministry: r.ministry,
      department: r.department,
      gradeLevel: r.grade_level,
      sotData: r.sot_data,
    }));
  }

  /**
   * The name's verdict of each record compared again (records.name_match, the overview's 'matched
   * closely'), written where it changed, in one statement.
   */
  async setNameMatches(
    tx: Orm,
    scope: TenantScope,
    verdicts: { id: string; nameMatch: string | null }[],
  ): Promise<void> {
    if (verdicts.length === 0) return;
    await tx.execute(sql`
      update records r set name_match = v.name_match
      from jsonb_to_recordset(${JSON.stringify(verdicts.map((v) => ({ id: v.id, name_match: v.nameMatch })))}::jsonb)
        as v(id uuid, name_match text)
      where r.tenant_id = ${scope.tenantId} and r.id = v.id and r.name_match is distinct from v.name_match`);
  }

  /**
   * Moves the records and writes one audit entry each, in one statement. A record whose status is
   * no longer `before` (decided meanwhile) is left as it is and not audited.
   */
  async applyMoves(
    tx: Orm,
    scope: TenantScope,
    moves: QueueMove[],
    actor: { userId: string; email: string; address?: string | null },
    note: string,
  ): Promise<number> {
    if (moves.length === 0) return 0;
    const t = scope.tenantId;
    const result = await tx.execute<{ moved: number }>(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
          as v(id uuid, before text, after text, action text)
      ),
      moved as (
        update records r set status = v.after, version = r.version + 1, updated_at = now()
        from v where r.tenant_id = ${t} and r.id = v.id and r.status = v.before
        returning r.id, r.psn, v.before, v.after, v.action
      ),
      audited as (
        insert into audit_events (tenant_id, actor_user_id, actor_email, address, record_id, psn, action, entity_type, entity_id, before, after, note)
        select ${t}, ${actor.userId}, ${actor.email}, ${actor.address ?? null}::text, id, psn, action, 'record', id::text,
          jsonb_build_object('status', before), jsonb_build_object('status', after), ${note}
        from moved
        returning 1
      )
      select count(*)::int as moved from audited`);
    return result.rows[0]?.moved ?? 0;
  }
}
