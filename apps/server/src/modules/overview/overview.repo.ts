import { sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';
import { requestMetrics, tenants, users, verificationCounts } from '../../db/schema/index.ts';

export interface MetricsDelta {
  requests: number;
  serverErrors: number;
  totalMs: number;
}

/** Note: platform-wide figures for the global administrator; nothing here is tenant data. */
export class OverviewRepo {
  constructor(private readonly orm: Orm) {}

  /** Adds to the current minute's row; a zero delta is a heartbeat that marks the minute as up. */
  async addToCurrentMinute(delta: MetricsDelta): Promise<void> {
    await this.orm
      .insert(requestMetrics)
      .values({ bucket: sql`date_trunc('minute', now())`, ...delta })
      .onConflictDoUpdate({
        target: requestMetrics.bucket,
        set: {
          requests: sql`${requestMetrics.requests} + ${delta.requests}`,
          serverErrors: sql`${requestMetrics.serverErrors} + ${delta.serverErrors}`,
          totalMs: sql`${requestMetrics.totalMs} + ${delta.totalMs}`,
        },
      });
  }

  /** Minutes with a heartbeat over the last 7 days, or since the first start when that is later. */
  async uptimeWindow(): Promise<{ upMinutes: number; windowMinutes: number }> {
    const result = await this.orm.execute<{ up: number; window: number }>(sql`
      with w as (
        select greatest(date_trunc('minute', now()) - interval '7 days',
                        coalesce((select min(bucket) from ${requestMetrics}), date_trunc('minute', now()))) as start
      )
      select -- the current minute counts as up: this process is answering now, before its next flush
             (select count(*)::int from ${requestMetrics}, w
               where bucket >= w.start and bucket < date_trunc('minute', now())) + 1 as up,
             (extract(epoch from date_trunc('minute', now()) - w.start) / 60)::int + 1 as window
      from w`);
    const row = result.rows[0];
    return { upMinutes: Number(row?.up ?? 0), windowMinutes: Number(row?.window ?? 1) };
  }

  async last24h(): Promise<MetricsDelta> {
    const [row] = await this.orm
      .select({
        requests: sql<number>`coalesce(sum(${requestMetrics.requests}), 0)::int`,
        serverErrors: sql<number>`coalesce(sum(${requestMetrics.serverErrors}), 0)::int`,
        totalMs: sql<number>`coalesce(sum(${requestMetrics.totalMs}), 0)::float8`,
      })
      .from(requestMetrics)
      .where(sql`${requestMetrics.bucket} >= now() - interval '24 hours'`);
    return {
      requests: Number(row?.requests ?? 0),
      serverErrors: Number(row?.serverErrors ?? 0),
      totalMs: Number(row?.totalMs ?? 0),
    };
  }

  async platformCounts() {
    const result = await this.orm.execute<{
      tenants: number;
      active: number;
      trial: number;
      users: number;
      verifications: number;
    }>(sql`
      select (select count(*)::int from ${tenants}) as tenants,
             (select count(*)::int from ${tenants} where ${tenants.subscriptionStatus} = 'ACTIVE') as active,
             (select count(*)::int from ${tenants} where ${tenants.subscriptionStatus} <> 'ACTIVE') as trial,
             (select count(*)::int from ${users}) as users,
             (select coalesce(sum(${verificationCounts.lookups}), 0)::int from ${verificationCounts}
               where ${verificationCounts.day} > current_date - 30) as verifications`);
    const row = result.rows[0]!;
    return {
      tenants: Number(row.tenants),
      active: Number(row.active),
      trial: Number(row.trial),
      users: Number(row.users),
      verifications: Number(row.verifications),
    };
  }
}
