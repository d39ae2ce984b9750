import { and, eq, gt, sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { loginAttempts } from '../../db/schema/index.ts';

export class LoginAttemptsRepo {
  constructor(private readonly orm: Orm) {}

  async record(email: string, ip: string, success: boolean): Promise<void> {
    await this.orm.insert(loginAttempts).values({ email, ip, success });
  }

  /** Failures for the account within the window, counting only those after its last success. */
  async accountFailuresSince(email: string, since: Date): Promise<number> {
    const [row] = await this.orm
      .execute<{ n: number }>(
        sql`
      select count(*)::int as n from ${loginAttempts}
      where ${loginAttempts.email} = ${email} and not ${loginAttempts.success}
        and ${loginAttempts.createdAt} > greatest(${since.toISOString()}::timestamptz, coalesce(
          (select max(created_at) from ${loginAttempts} where email = ${email} and success), '-infinity'))
    `,
      )
      .then((r) => r.rows);
    return row?.n ?? 0;
  }

  async ipFailuresSince(ip: string, since: Date): Promise<number> {
    const [row] = await this.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
      );
    return row?.n ?? 0;
  }

  async pruneBefore(before: Date): Promise<void> {
    await this.orm
      .delete(loginAttempts)
      .where(sql`${loginAttempts.createdAt} < ${before.toISOString()}::timestamptz`);
  }
}
