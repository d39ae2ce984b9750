import { and, desc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { VERIFICATION_HISTORY_TEXTS } from '@portal/contract/verification';
import { bulkJobs } from '../../db/schema/index.ts';
import { bulkVerifiedMove, statesFor, statusLiterals } from '../records/record-state.ts';
import type { VerificationOutcome } from './compare.ts';

export type BulkJobRow = typeof bulkJobs.$inferSelect;

/** What a job of the jobs table does: a bulk verification, or the account check (issue #36). */
export type BulkJobKind = 'VERIFY' | 'ACCOUNT_CHECK';

export interface ChunkRecord {
  id: string;
  /** The record's status when the chunk was read: its history's 'before'. */
  status: string;
  nin: string | null;
  ssid: string | null;
  fullName: string;
  dateOfBirth: string | null;
  ministry: string | null;
  department: string | null;
  gradeLevel: string | null;
}

class LeaseLost extends Error {}

const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_RETRIES = 3;

/** The SQLSTATE of a database error, also when the ORM wrapped it. */
function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** A record's result, with its status when read (`from`): it is written only if still that. */
export type ChunkResult = { id: string; from: string } & (
  { outcome: VerificationOutcome } | { error: string }
);

/** States a bulk verification takes up and writes (record-state); a failed lookup leaves the state. */
const waitingStates = sql.raw(statusLiterals(statesFor('VERIFIED')));

/**
 * Fresh planner statistics of bulk_job_items, run in the transaction that lists a job's items (as
 * their owner: portal_analyze, migration 0033). Without them the planner takes a job for a few
 * hundred items and reads each chunk's next ones in a bitmap scan of every item left, sorted: all
 * 100,000 of a large job for its first chunk. With them it walks the key from the last chunk's end.
 */
export async function analyzeJobItems(tx: Orm): Promise<void> {
  await tx.execute(sql`select portal_analyze('bulk_job_items')`);
}

export class VerificationRepo {
  constructor(private readonly orm: Orm) {}

  /** How many records the tenant has, and how many a bulk verification would take up now (record_counts). */
  async verificationBacklog(scope: TenantScope): Promise<{ records: number; waiting: number }> {
    const result = await this.orm.execute<{ records: number; waiting: number }>(sql`
      select coalesce(sum(n), 0)::int as records,
        coalesce(sum(n) filter (where status in (${waitingStates})), 0)::int as waiting
      from record_counts where tenant_id = ${scope.tenantId}`);
    return result.rows[0] ?? { records: 0, waiting: 0 };
  }

  /** The unique partial index allows one PENDING or RUNNING job per tenant and kind; undefined when taken. */
  async createJob(
    scope: TenantScope,
    actor: { userId: string; email: string },
    kind: BulkJobKind = 'VERIFY',
  ): Promise<BulkJobRow | undefined> {
    const rows = await this.orm
      .insert(bulkJobs)
      .values({ tenantId: scope.tenantId, kind, createdBy: actor.userId, createdByEmail: actor.email })
      .onConflictDoNothing()
      .returning();
    return rows[0];
  }

  async listJobs(scope: TenantScope, kind: BulkJobKind = 'VERIFY'): Promise<BulkJobRow[]> {
    return this.orm
      .select()
      .from(bulkJobs)
      .where(and(eq(bulkJobs.tenantId, scope.tenantId), eq(bulkJobs.kind, kind)))
      .orderBy(desc(bulkJobs.createdAt))
      .limit(200);
  }

  async getJob(scope: TenantScope, id: string): Promise<BulkJobRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(bulkJobs)
      .where(and(eq(bulkJobs.tenantId, scope.tenantId), eq(bulkJobs.id, id)));
    return row;
  }

  /**
   * Takes the job for this worker for `leaseSeconds` (renewed by every chunk). A live lease held by
   * another worker means it is being run: the caller stops.
   */
  async claimLease(scope: TenantScope, jobId: string, owner: string, leaseSeconds: number): Promise<boolean> {
    const result = await this.orm.execute(sql`
      update bulk_jobs set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseSeconds})
      where id = ${jobId} and tenant_id = ${scope.tenantId} and status in ('PENDING', 'RUNNING')
        and (lease_until is null or lease_until < now() or lease_owner = ${owner})
      returning id`);
    return result.rows.length > 0;
  }

  /** Lists the records that need verification now as this job's items, once; the total is fixed here. */
  async markRecords(scope: TenantScope, jobId: string): Promise<void> {
    await this.orm.transaction(async (tx) => {
      const marked = await tx.execute<{ n: number }>(sql`
        with m as (
          insert into bulk_job_items (job_id, record_id)
          select ${jobId}, id from records
          where tenant_id = ${scope.tenantId} and status in (${waitingStates})
          order by id -- into the items' key in its order: a fifth less than in the heap's (DECISIONS 281)
          returning 1
        ) select count(*)::int as n from m`);
      await analyzeJobItems(tx);
      await tx.execute(sql`
        update bulk_jobs set marked_at = now(), total_records = ${marked.rows[0]!.n}, status = 'RUNNING',
          started_at = coalesce(started_at, now())
        where id = ${jobId} and tenant_id = ${scope.tenantId} and marked_at is null`);
    });
  }

  async setRunning(scope: TenantScope, jobId: string): Promise<void> {
    await this.orm.execute(sql`
      update bulk_jobs set status = 'RUNNING', started_at = coalesce(started_at, now())
      where id = ${jobId} and tenant_id = ${scope.tenantId} and status = 'PENDING'`);
  }

  async nextChunk(
    scope: TenantScope,
    jobId: string,
    after: string | null,
    size: number,
  ): Promise<ChunkRecord[]> {
    const result = await this.orm.execute<{
      id: string;
      status: string;
      nin: string | null;
      ssid: string | null;
      full_name: string;
      date_of_birth: string | null;
      ministry: string | null;
      department: string | null;
      grade_level: string | null;
    }>(sql`
      select r.id, r.status, r.nin, r.ssid, r.full_name, to_char(r.date_of_birth, 'YYYY-MM-DD') as date_of_birth,
        m.name as ministry, d.name as department, r.grade_level
      from (
        -- The next items alone first: a short range of the primary key (analyzeJobItems).
        select record_id from bulk_job_items
        where job_id = ${jobId} ${after ? sql`and record_id > ${after}` : sql``}
        order by record_id limit ${size}
      ) i
      join records r on r.id = i.record_id
      left join ministries m on m.id = r.ministry_id
      left join departments d on d.id = r.department_id
      where r.tenant_id = ${scope.tenantId}
      order by i.record_id`);
    return result.rows.map((r) => ({
      id: r.id,
      status: r.status,
      nin: r.nin,
      ssid: r.ssid,
      fullName: r.full_name,
      dateOfBirth: r.date_of_birth,
      ministry: r.ministry,
      department: r.department,
      gradeLevel: r.grade_level,
    }));
  }

  /**
   * One chunk's results and the job's counters in one transaction, so a crash loses or repeats
   * nothing: a record is counted exactly when its result is written and it leaves the job's items.
   * Chunks of one job may commit side by side: the records are disjoint, and the shared rows
   * (record_counts in the trigger, verification_counts, the job) are taken last, in that order; a
   * deadlock with another writer of record_counts is retried. False when the lease was lost.
   *
   * Each record written gets its history entry (issue #31 item 8) in the same statement: its move
   * (the status read with the chunk → the lookup's), the outcome as the action (matched,
   * mismatched, not found), a mismatch's fields, and the job in the note; the portal's own entry
   * (no actor, no address). A failed lookup changes nothing and writes none.
   */
  async applyChunk(
    scope: TenantScope,
    jobId: string,
    owner: string,
    results: ChunkResult[],
    leaseSeconds: number,
  ): Promise<boolean> {
    const rows = results.map((r) =>
      'outcome' in r
        ? {
            id: r.id,
            from_status: r.from,
            action: bulkVerifiedMove(r.outcome.lookup).action,
            mismatched: r.outcome.mismatchedFields.length > 0 ? r.outcome.mismatchedFields : null,
            status: r.outcome.status,
            sot_verified: r.outcome.sotVerified,
            sot_data: r.outcome.sotData,
            name_match: r.outcome.nameMatch,
            last_error: null,
          }
        : {
            id: r.id,
            from_status: r.from,
            action: null,
            mismatched: null,
            status: null,
            sot_verified: null,
            sot_data: null,
            name_match: null,
            last_error: r.error.slice(0, 500),
          },
    );
    const count = (pred: (r: ChunkResult) => boolean) => results.filter(pred).length;
    const verified = count((r) => 'outcome' in r && r.outcome.sotVerified);
    const mismatched = count((r) => 'outcome' in r && r.outcome.lookup === 'DISAGREES');
    const notFound = count((r) => 'outcome' in r && r.outcome.lookup === 'ABSENT');
    const failed = count((r) => 'error' in r);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.orm.transaction(async (tx) => {
          // Durable before its progress is shown (issue #18): lookups may be billed per call, and a
          // chunk that a crash undid would be looked up again (no synchronous_commit = off here).
          // Only records still among the job's items are written, and they leave the items. A record
          // that left the waiting states meanwhile (re-verified by its employee, then decided on)
          // keeps what happened to it: the lookup is counted, its result not written; so does one
          // whose status moved since the chunk was read (its history's 'before' would be wrong).
          await tx.execute(sql`
            with o as (
              select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                as o(id uuid, from_status text, action text, mismatched jsonb, status text, sot_verified boolean,
                  sot_data jsonb, name_match text, last_error text)
            ),
            done as (
              delete from bulk_job_items i using o where i.job_id = ${jobId} and i.record_id = o.id
              returning i.record_id
            ),
            written as (
              update records r set
                status = coalesce(o.status, r.status),
                sot_verified = coalesce(o.sot_verified, r.sot_verified),
                sot_data = case when o.status is null then r.sot_data else o.sot_data end,
                name_match = case when o.status is null then r.name_match else o.name_match end,
                last_error = o.last_error,
                last_verified_at = case when o.status is null then r.last_verified_at else now() end,
                version = r.version + 1, updated_at = now()
              from o join done on done.record_id = o.id
              where r.id = o.id and r.tenant_id = ${scope.tenantId} and r.status in (${waitingStates})
                and r.status = o.from_status
              returning r.id, r.psn, o.from_status, o.status, o.action, o.mismatched
            )
            insert into audit_events (tenant_id, actor_user_id, actor_email, address, record_id, psn, action, entity_type, entity_id, before, after, note)
            select ${scope.tenantId}, null, null, null, w.id, w.psn, w.action, 'record', w.id::text,
              jsonb_build_object('status', w.from_status),
              case when w.mismatched is null then jsonb_build_object('status', w.status)
                else jsonb_build_object('status', w.status, 'mismatchedFields', w.mismatched) end,
              ${VERIFICATION_HISTORY_TEXTS.note(jobId)}
            from written w where w.status is not null`);
          const lookups = results.length - failed;
          if (lookups > 0) {
            await tx.execute(sql`
              insert into verification_counts (tenant_id, day, lookups) values (${scope.tenantId}, current_date, ${lookups})
              on conflict (tenant_id, day) do update set lookups = verification_counts.lookups + excluded.lookups`);
          }
          // The lease is checked in the same transaction: a worker that lost it writes nothing.
          const job = await tx.execute(sql`
            update bulk_jobs set processed_records = processed_records + ${results.length},
              successfully_verified_records = successfully_verified_records + ${verified},
              mismatched_records = mismatched_records + ${mismatched}, not_found_records = not_found_records + ${notFound},
              failed_records = failed_records + ${failed},
              lease_until = now() + make_interval(secs => ${leaseSeconds})
            where id = ${jobId} and tenant_id = ${scope.tenantId} and lease_owner = ${owner} and status = 'RUNNING'
            returning id`);
          if (job.rows.length === 0) throw new LeaseLost();
        });
        return true;
      } catch (err) {
        if (err instanceof LeaseLost) return false;
        if (attempt < DEADLOCK_RETRIES && sqlStateOf(err) === DEADLOCK_DETECTED) continue;
        throw err;
      }
    }
  }

  async finish(
    scope: TenantScope,
    jobId: string,
    status: 'COMPLETED' | 'FAILED',
    message: string,
  ): Promise<void> {
    await this.orm.transaction(async (tx) => {
      await tx.execute(sql`
        update bulk_jobs set status = ${status}, status_message = ${message}, finished_at = now(), lease_until = null
        where id = ${jobId} and tenant_id = ${scope.tenantId} and status in ('PENDING', 'RUNNING')`);
      // Records this job did not reach are free for the next one.
      await tx.execute(sql`
        delete from bulk_job_items i using bulk_jobs j
        where i.job_id = ${jobId} and j.id = i.job_id and j.tenant_id = ${scope.tenantId}`);
    });
  }

  /**
   * Note: unscoped on purpose: the watchdog of every worker looks for any tenant's job whose
   * worker died (lease run out) so that it can be resumed.
   */
  async orphanedJobs(): Promise<{ id: string; tenantId: string; kind: BulkJobKind }[]> {
    const result = await this.orm.execute<{ id: string; tenant_id: string; kind: BulkJobKind }>(sql`
      select id, tenant_id, kind from bulk_jobs
      where (status in ('PENDING', 'RUNNING') and lease_until < now())
         or (status = 'PENDING' and lease_until is null and created_at < now() - interval '1 minute')`);
    return result.rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, kind: r.kind }));
  }
}
