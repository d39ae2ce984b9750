import { sql, type SQL } from 'drizzle-orm';
import type { CrossTenantPairs } from '@portal/contract/integrity';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { asPlatform } from '../../platform/tenant-context.ts';
import { WHOLE_TENANT_MEMORY } from '../../platform/statement-memory.ts';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';
import { crossTenantBanks, type CrossTenantKey } from './cross-tenant-key.ts';

/**
 * The records whose identifiers count across tenants: those "in the payroll or awaiting review"
 * there, which are the records the integrity rules judge (every state but those removed from the
 * payroll: record-state's INTEGRITY_JUDGED), so a rejected ghost is on no other state's mind.
 */
const counted = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * The platform-wide index of every tenant's NINs, BVNs and bank accounts as HMAC-SHA-256 under the
 * platform's key (issue #36 item 4; migration 0057). Every statement here runs in the platform's
 * context (row-level security lets no tenant read or write the index) and names its tenant itself.
 */
export class CrossTenantIndexRepo {
  constructor(
    private readonly orm: Orm,
    private readonly key: CrossTenantKey,
  ) {}

  /**
   * The banks the records name, each to its CBN code (else its folded name), as the jsonb
   * `cross_tenant_entries` reads the account's bank from.
   */
  #banks(names: readonly { bank: string }[]): SQL {
    return sql`${JSON.stringify(crossTenantBanks(names.map((r) => r.bank)))}::jsonb`;
  }

  /** The key's two padded blocks, passed by the statement and never stored (DECISIONS 262). */
  #pads(): SQL {
    return sql`decode(${this.key.ipadHex}, 'hex'), decode(${this.key.opadHex}, 'hex')`;
  }

  /**
   * The index's rows (record, kind, tenant, digest) of the counted records `from` names as `r`:
   * one per identifier, as migration 0061's `cross_tenant_entries` (the one home of which
   * identifiers and how they are digested) makes them, HMAC-SHA-256 under the platform key.
   */
  #rows(from: SQL, where: SQL, banks: SQL): SQL {
    return sql`select r.id, x.kind, r.tenant_id, x.digest
      from ${from}
      cross join lateral cross_tenant_entries(r.nin, r.bvn, r.bank, r.account_number, ${banks}, ${this.#pads()}) x
      where ${where} and r.status in (${counted()})`;
  }

  /**
   * At start: when the index was built under another key (or never), marks it to be built again
   * (its `built` false) and answers the tenants to evaluate, each of which syncs first: the first
   * sync rebuilds the whole index (rebuild), the others wait for it. None when the key is the same
   * and the index built. One start does it when several start together (the key row is locked).
   */
  async ensureKey(): Promise<string[]> {
    return asPlatform(() =>
      this.orm.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cross_tenant_index'))`);
        const stored = await tx.execute<{ fingerprint: string; built: boolean }>(
          sql`select fingerprint, built from cross_tenant_index_key where id for update`,
        );
        const row = stored.rows[0];
        if (row?.fingerprint === this.key.fingerprint && row.built) return [];
        await tx.execute(sql`
          insert into cross_tenant_index_key (id, fingerprint, built) values (true, ${this.key.fingerprint}, false)
          on conflict (id) do update set fingerprint = excluded.fingerprint, built = false`);
        const tenants = await tx.execute<{ id: string }>(sql`
          select t.id from tenants t where exists (
            select from records r
            where r.tenant_id = t.id and (r.nin is not null or r.bvn is not null or r.account_number is not null))`);
        return tenants.rows.map((t) => t.id);
      }),
    );
  }

  /**
   * Brings the tenant's part of the index up to date: the digests of its stale records (marked by
   * the records' triggers) computed again in one statement, set-based. Answers the other tenants
   * holding a digest that came or went, whose flags may change with it. Syncs run one at a time
   * (a lock), so of two tenants changing together the later one sees the earlier's digests.
   */
  async sync(scope: TenantScope): Promise<string[]> {
    const t = scope.tenantId;
    return asPlatform(() =>
      this.orm.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cross_tenant_index'))`);
        // A tenant's whole part is sorted in memory rather than on disk (3,000,000 digests).
        await tx.execute(WHOLE_TENANT_MEMORY);
        const key = await tx.execute<{ built: boolean }>(
          sql`select built from cross_tenant_index_key where id`,
        );
        if (key.rows[0]?.built === false) return this.rebuild(tx);
        const built = await tx.execute<{ built: boolean }>(
          sql`select exists (select 1 from cross_tenant_index where owner_tenant_id = ${t}) as built`,
        );
        if (!built.rows[0]?.built) return this.buildPart(tx, t);
        await tx.execute(sql`create temporary table ct_stale (record_id uuid primary key) on commit drop`);
        const taken = await tx.execute<{ n: number }>(sql`
          with d as (delete from cross_tenant_stale where owner_tenant_id = ${t} returning record_id),
          i as (insert into ct_stale select record_id from d returning 1)
          select count(*)::int as n from i`);
        if (!taken.rows[0]?.n) return [];
        await tx.execute(sql`analyze ct_stale`);
        await tx.execute(sql`create temporary table ct_digests (digest bytea) on commit drop`);
        await tx.execute(sql`
          with d as (
            delete from cross_tenant_index i using ct_stale s
            where i.owner_tenant_id = ${t} and i.record_id = s.record_id returning i.digest
          )
          insert into ct_digests select digest from d`);
        const names = await tx.execute<{ bank: string }>(sql`
          select distinct r.bank from ct_stale s join records r on r.id = s.record_id
          where r.tenant_id = ${t} and r.bank is not null and r.account_number is not null`);
        await tx.execute(sql`
          with n as (
            insert into cross_tenant_index (record_id, kind, owner_tenant_id, digest)
            ${this.#rows(sql`ct_stale s join records r on r.id = s.record_id`, sql`r.tenant_id = ${t}`, this.#banks(names.rows))}
            order by 4
            returning digest
          )
          insert into ct_digests select digest from n`);
        const others = await tx.execute<{ id: string }>(sql`
          select distinct i.owner_tenant_id as id from cross_tenant_index i
          where i.digest in (select digest from ct_digests) and i.owner_tenant_id <> ${t}`);
        return others.rows.map((o) => o.id);
      }),
    );
  }

  /**
   * A tenant with no part in the index (its first sync, or after a start under another key): its
   * part built from all its records in one set-based statement, without the stale records' round
   * trips through temporary tables. Every record of such a tenant that has an identifier was marked
   * stale (by the records' triggers, or one of them by ensureKey), so nothing is missed; the marks
   * are taken. The rows go in in digest order, so that the digest index is written in order rather
   * than at random pages. Answers the other tenants holding one of its digests.
   */
  private async buildPart(tx: Orm, t: string): Promise<string[]> {
    const taken = await tx.execute<{ n: number }>(sql`
      with d as (delete from cross_tenant_stale where owner_tenant_id = ${t} returning 1)
      select count(*)::int as n from d`);
    if (!taken.rows[0]?.n) return [];
    const names = await tx.execute<{ bank: string }>(sql`
      select distinct r.bank from records r
      where r.tenant_id = ${t} and r.bank is not null and r.account_number is not null`);
    await tx.execute(sql`
      insert into cross_tenant_index (record_id, kind, owner_tenant_id, digest)
      ${this.#rows(sql`records r`, sql`r.tenant_id = ${t}`, this.#banks(names.rows))}
      order by 4`);
    // The index's statistics are those of before this part (the portal's role cannot analyze it):
    // planned as a small table, the join below ran as a nested loop for minutes over 6,000,000
    // rows (bench:accounts). Hashed instead, whatever the statistics say.
    await tx.execute(sql`set local enable_nestloop = off`);
    const others = await tx.execute<{ id: string }>(sql`
      select distinct o.owner_tenant_id as id from cross_tenant_index o
      where o.owner_tenant_id <> ${t}
        and o.digest in (select i.digest from cross_tenant_index i where i.owner_tenant_id = ${t})`);
    return others.rows.map((o) => o.id);
  }

  /**
   * The whole index built again, every tenant's part, after a start under another key or the first
   * start (ensureKey set `built` false): the stale marks taken first (a record changed after them is
   * marked again and synced later), then migration 0061's `cross_tenant_index_rebuild`, which writes
   * every counted record's digests into a new table in one statement computed in parallel, builds
   * its B-trees after, sorted, and puts it in the index's place (DECISIONS 284; 3 × 1,000,000
   * records tenant by tenant into kept B-trees: 146 s). Answers no tenant: ensureKey asked for every
   * tenant's evaluation, each of which syncs after this one (the lock) and reads the whole index.
   */
  private async rebuild(tx: Orm): Promise<string[]> {
    await tx.execute(sql`delete from cross_tenant_stale`);
    const names = await tx.execute<{ bank: string }>(sql`
      select distinct r.bank from records r where r.bank is not null and r.account_number is not null`);
    await tx.execute(sql`
      select cross_tenant_index_rebuild(${this.#pads()}, ${this.#banks(names.rows)},
        array[${counted()}]::text[])`);
    await tx.execute(sql`update cross_tenant_index_key set built = true where id`);
    return [];
  }

  /**
   * The global admin's figures: for each pair of tenants sharing digests, how many records of each
   * have an identifier on the other's payroll, and the matches by kind. Counts only.
   */
  async pairs(): Promise<CrossTenantPairs> {
    // Awaited inside: a query runs when awaited, and must run in the platform's context.
    const result = await asPlatform(
      async () =>
        await this.orm.execute<{
          first_id: string;
          first_name: string;
          first_state: string;
          second_id: string;
          second_name: string;
          second_state: string;
          first_records: number;
          second_records: number;
          nin: number;
          bvn: number;
          bank_account: number;
        }>(sql`
        with m as (
          select a.owner_tenant_id as first, b.owner_tenant_id as second,
            count(distinct a.record_id)::int as first_records, count(distinct b.record_id)::int as second_records,
            count(*) filter (where a.kind = 'NIN')::int as nin, count(*) filter (where a.kind = 'BVN')::int as bvn,
            count(*) filter (where a.kind = 'BANK_ACCOUNT')::int as bank_account
          from cross_tenant_index a
          join cross_tenant_index b on b.digest = a.digest and b.owner_tenant_id > a.owner_tenant_id
          group by 1, 2
        )
        select m.*, f.id as first_id, f.name as first_name, f.state_code as first_state,
          s.id as second_id, s.name as second_name, s.state_code as second_state
        from m join tenants f on f.id = m.first join tenants s on s.id = m.second
        order by f.name, s.name`),
    );
    return {
      pairs: result.rows.map((r) => ({
        first: { id: r.first_id, name: r.first_name, stateCode: r.first_state },
        second: { id: r.second_id, name: r.second_name, stateCode: r.second_state },
        firstRecords: r.first_records,
        secondRecords: r.second_records,
        byField: { NIN: r.nin, BVN: r.bvn, BANK_ACCOUNT: r.bank_account },
      })),
    };
  }
}
