import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { loginAttempts } from '../../db/schema/index.ts';

/** What the earlier attempts on an account say about a new one from an address. */
export interface LoginHistory {
  /** Failures of this account from this address within the pair window, since the pair's last success. */
  pairFailures: number;
  /** Failures of this account from any address within the account window, since its last success. */
  accountFailures: number;
  /** How many of those came from this address. */
  accountFailuresFromHere: number;
  /** Time since the last of those, null without any. */
  msSinceLastFailure: number | null;
}

const ms = (n: number) => sql`(${n}::float8 * interval '1 millisecond')`;

export class LoginAttemptsRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * Records an attempt as a failure before its password is checked, so that attempts running at
   * the same time count each other (none of them slips past a limit); `succeeded` or `discard`
   * settles it.
   */
  async begin(email: string, ip: string): Promise<number> {
    const [row] = await this.orm
      .insert(loginAttempts)
      .values({ email, ip, success: false })
      .returning({ id: loginAttempts.id });
    return row!.id;
  }

  async succeeded(id: number): Promise<void> {
    await this.orm.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
  }

  /** An attempt refused by the throttle checked no password: it is no failure of its own. */
  async discard(id: number): Promise<void> {
    await this.orm.delete(loginAttempts).where(eq(loginAttempts.id, id));
  }

  /** The account's attempts other than `attempt` (database time throughout, whatever the process clock). */
  async history(
    email: string,
    ip: string,
    attempt: number,
    windows: { pairWindowMs: number; accountWindowMs: number },
  ): Promise<LoginHistory> {
    const { pairWindowMs, accountWindowMs } = windows;
    const result = await this.orm.execute<{
      pair_failures: number;
      account_failures: number;
      account_failures_from_here: number;
      ms_since_last_failure: number | null;
    }>(sql`
      with a as (
        select ip, success, created_at from ${loginAttempts}
        where email = ${email} and id <> ${attempt}
          and created_at > now() - ${ms(Math.max(pairWindowMs, accountWindowMs))}
      ), marks as (
        select coalesce(max(created_at) filter (where success), '-infinity') as account_ok,
               coalesce(max(created_at) filter (where success and ip = ${ip}), '-infinity') as pair_ok
        from a
      ), f as (
        select a.ip, a.created_at,
               a.created_at > m.pair_ok and a.created_at > now() - ${ms(pairWindowMs)} as of_pair,
               a.created_at > m.account_ok and a.created_at > now() - ${ms(accountWindowMs)} as of_account
        from a, marks m where not a.success
      )
      select count(*) filter (where of_pair and ip = ${ip})::int as pair_failures,
             count(*) filter (where of_account)::int as account_failures,
             count(*) filter (where of_account and ip = ${ip})::int as account_failures_from_here,
             (extract(epoch from now() - max(created_at) filter (where of_account)) * 1000)::float8
               as ms_since_last_failure
      from f`);
    const row = result.rows[0]!;
    return {
      pairFailures: Number(row.pair_failures),
      accountFailures: Number(row.account_failures),
      accountFailuresFromHere: Number(row.account_failures_from_here),
      msSinceLastFailure: row.ms_since_last_failure === null ? null : Number(row.ms_since_last_failure),
    };
  }

  async pruneBefore(ageMs: number): Promise<void> {
    await this.orm.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < now() - ${ms(ageMs)}`);
  }
}
