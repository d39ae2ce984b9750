import { sql, type SQL } from 'drizzle-orm';
import type { AccountStatus } from '@portal/optima/name-enquiry/protocol';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { uuidArray } from '../../platform/sql-ids.ts';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';
import { analyzeJobItems } from './verification.repo.ts';

/** The records the account check looks at: those the integrity rules judge (record-state). */
const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/** The protocol's longest account number; a longer one is not asked (INVALID_ACCOUNT_NUMBER's). */
const LONGEST_ACCOUNT = 32;

/** The tenant's records the check looks at (as `r`): judged, with an account number at one of `banks`. */
const checkable = (tenant: SQL, banks: readonly string[]) => sql`
  r.tenant_id = ${tenant} and r.status in (${judged()})
  and r.account_number is not null and length(r.account_number) <= ${LONGEST_ACCOUNT}
  and r.bank in (select jsonb_array_elements_text(${JSON.stringify(banks)}::jsonb))`;

/** A record as the account check asks about it. */
export interface AccountChunkRecord {
  id: string;
  bank: string;
  accountNumber: string;
  fullName: string;
}

/** The bank's answer for one record, judged: the name matcher's verdict when FOUND. */
export interface AccountAnswer {
  status: AccountStatus;
  accountName: string | null;
  accountBvn: string | null;
  nameVerdict: 'MATCH' | 'CLOSE' | 'DIFFERENT' | null;
  nameReasons: string[];
}

/**
 * A record's result: what was asked and the answer; a failed lookup (never an answer: a provider
 * fault is not 'not found'); or skipped (its bank is no longer one the portal knows).
 */
export type AccountChunkResult = { id: string } & (
  | { asked: AccountChunkRecord & { bankCode: string }; answer: AccountAnswer }
  | { error: string }
  | { skipped: true }
);

class LeaseLost extends Error {}

/**
 * The account check's own reads and writes (issue #36 item 3); the job's row, lease and end are
 * bulk verification's (VerificationRepo, kind ACCOUNT_CHECK), its items bulk_job_items.
 */
export class AccountCheckRepo {
  constructor(private readonly orm: Orm) {}

  /** The tenant's bank names as written on records with an account number (a few dozen). */
  async bankNames(scope: TenantScope): Promise<string[]> {
    const result = await this.orm.execute<{ bank: string }>(sql`
      select distinct r.bank from records r
      where r.tenant_id = (select ${scope.tenantId}::uuid) and r.bank is not null and r.account_number is not null`);
    return result.rows.map((r) => r.bank);
  }

  /** Whether the check would look at any record now: judged, with an account number at one of `banks`. */
  async anyCheckable(scope: TenantScope, banks: readonly string[]): Promise<boolean> {
    const result = await this.orm.execute<{ any: boolean }>(sql`
      select exists (select from records r
        where ${checkable(sql`(select ${scope.tenantId}::uuid)`, banks)}) as any`);
    return result.rows[0]?.any === true;
  }

  /** Lists the records to check as the job's items, once; the total is fixed here. */
  async markRecords(scope: TenantScope, jobId: string, banks: readonly string[]): Promise<void> {
    await this.orm.transaction(async (tx) => {
      const marked = await tx.execute<{ n: number }>(sql`
        with m as (
          insert into bulk_job_items (job_id, record_id)
          select ${jobId}, r.id from records r
          where ${checkable(sql`${scope.tenantId}`, banks)}
          order by r.id -- into the items' key in its order (DECISIONS 281)
          returning 1
        ) select count(*)::int as n from m`);
      await analyzeJobItems(tx);
      await tx.execute(sql`
        update bulk_jobs set marked_at = now(), total_records = ${marked.rows[0]!.n}, status = 'RUNNING',
          started_at = coalesce(started_at, now())
        where id = ${jobId} and tenant_id = ${scope.tenantId} and marked_at is null and kind = 'ACCOUNT_CHECK'`);
    });
  }

  async nextChunk(
    scope: TenantScope,
    jobId: string,
    after: string | null,
    size: number,
  ): Promise<AccountChunkRecord[]> {
    const result = await this.orm.execute<{
      id: string;
      bank: string | null;
      account_number: string | null;
      full_name: string;
    }>(sql`
      select r.id, r.bank, r.account_number, r.full_name
      from (
        select record_id from bulk_job_items -- a short range of the key (analyzeJobItems)
        where job_id = ${jobId} ${after ? sql`and record_id > ${after}` : sql``}
        order by record_id limit ${size}
      ) i
      join records r on r.id = i.record_id
      where r.tenant_id = ${scope.tenantId}
      order by i.record_id`);
    // A record whose number was cleared since it was listed is asked with what it has: nothing.
    return result.rows.map((r) => ({
      id: r.id,
      bank: r.bank ?? '',
      accountNumber: r.account_number ?? '',
      fullName: r.full_name,
    }));
  }

  /**
   * One chunk's answers and the job's counters in one transaction, with the lease checked in it
   * (exactly once, as a bulk verification's chunk): each record's answer replaces its last one in
   * account_checks, only for records still among the job's items, which they leave (each answer's
   * record is the tenant's: account_checks' statement trigger, migration 0059). A failed lookup
   * writes nothing and keeps the record's last answer. False when the lease was lost.
   */
  async applyChunk(
    scope: TenantScope,
    jobId: string,
    owner: string,
    results: AccountChunkResult[],
    leaseSeconds: number,
  ): Promise<boolean> {
    const answered = results.flatMap((r) =>
      'answer' in r
        ? [
            {
              record_id: r.id,
              bank: r.asked.bank,
              bank_code: r.asked.bankCode,
              account_number: r.asked.accountNumber,
              full_name: r.asked.fullName,
              status: r.answer.status,
              account_name: r.answer.accountName,
              account_bvn: r.answer.accountBvn,
              name_verdict: r.answer.nameVerdict,
              name_reasons: r.answer.nameReasons,
            },
          ]
        : [],
    );
    const count = (pred: (a: AccountAnswer) => boolean) =>
      results.filter((r) => 'answer' in r && pred(r.answer)).length;
    const found = count((a) => a.status === 'FOUND' && a.nameVerdict !== 'DIFFERENT');
    const differentName = count((a) => a.status === 'FOUND' && a.nameVerdict === 'DIFFERENT');
    const notFound = count((a) => a.status !== 'FOUND');
    const failed = results.filter((r) => 'error' in r).length;
    try {
      await this.orm.transaction(async (tx) => {
        await tx.execute(sql`
          with o as (
            select * from jsonb_to_recordset(${JSON.stringify(answered)}::jsonb)
              as o(record_id uuid, bank text, bank_code text, account_number text, full_name text, status text,
                account_name text, account_bvn text, name_verdict text, name_reasons jsonb)
          ),
          done as (
            delete from bulk_job_items i
            where i.job_id = ${jobId}
              and i.record_id = any(${uuidArray(results.map((r) => r.id))})
            returning i.record_id
          )
          insert into account_checks (record_id, tenant_id, job_id, bank, bank_code, account_number, full_name, status,
            account_name, account_bvn, name_verdict, name_reasons, checked_at)
          select o.record_id, ${scope.tenantId}, ${jobId}, o.bank, o.bank_code, o.account_number, o.full_name, o.status,
            o.account_name, o.account_bvn, o.name_verdict, coalesce(o.name_reasons, '[]'::jsonb), now()
          from o join done on done.record_id = o.record_id
          on conflict (record_id) do update set job_id = excluded.job_id, bank = excluded.bank,
            bank_code = excluded.bank_code, account_number = excluded.account_number, full_name = excluded.full_name,
            status = excluded.status, account_name = excluded.account_name, account_bvn = excluded.account_bvn,
            name_verdict = excluded.name_verdict, name_reasons = excluded.name_reasons, checked_at = excluded.checked_at`);
        // The lease is checked in the same transaction: a worker that lost it writes nothing.
        const job = await tx.execute(sql`
          update bulk_jobs set processed_records = processed_records + ${results.length},
            successfully_verified_records = successfully_verified_records + ${found},
            mismatched_records = mismatched_records + ${differentName}, not_found_records = not_found_records + ${notFound},
            failed_records = failed_records + ${failed},
            lease_until = now() + make_interval(secs => ${leaseSeconds})
          where id = ${jobId} and tenant_id = ${scope.tenantId} and lease_owner = ${owner} and status = 'RUNNING'
            and kind = 'ACCOUNT_CHECK'
          returning id`);
        if (job.rows.length === 0) throw new LeaseLost();
      });
      return true;
    } catch (err) {
      if (err instanceof LeaseLost) return false;
      throw err;
    }
  }
}
