import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import { idIn } from '../../platform/sql-ids.ts';
import type { Orm } from '../../platform/db.ts';

export interface NoticeTemplate {
  subject: string;
  /** '{name}' is replaced by the record's full name. */
  body: string;
}

export interface OutboxItem {
  id: string;
  toEmail: string;
  subject: string;
  body: string;
  attempts: number;
}

export class OutboxRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * One notice per record of the tenant, to the claimed account's email, else the master list's
   * email column. Records of another tenant are simply not found.
   */
  async queueForRecords(scope: TenantScope, recordIds: string[], template: NoticeTemplate) {
    const result = await this.orm.execute<{
      found: number;
      queued: number;
      without: number;
      ids: string[] | null;
    }>(sql`
      with r as (
        select rec.id, coalesce(u.email, rec.email) as to_email
        from records rec left join users u on u.record_id = rec.id
        where rec.tenant_id = ${scope.tenantId}
          and ${idIn(sql`rec.id`, recordIds)}
      ),
      shared as (
        insert into outbox_texts (tenant_id, body)
        select ${scope.tenantId}, ${template.body} where exists (select 1 from r where to_email is not null)
        returning id
      ),
      ins as (
        insert into mail_outbox (tenant_id, record_id, to_email, subject, text_id)
        select ${scope.tenantId}, r.id, r.to_email, ${template.subject}, shared.id
        from r cross join shared where r.to_email is not null
        returning id
      )
      select (select count(*)::int from r) as found, (select count(*)::int from ins) as queued,
             (select count(*)::int from r where to_email is null) as without,
             (select array_agg(id::text) from ins) as ids`);
    const row = result.rows[0]!;
    return { found: row.found, queued: row.queued, withoutAddress: row.without, outboxIds: row.ids ?? [] };
  }

  /**
   * Note: unscoped on purpose: delivery is a platform job that sends every tenant's mail. Claims
   * pending notices, and ones whose sender crashed more than 5 minutes ago.
   */
  async claim(limit: number): Promise<OutboxItem[]> {
    const result = await this.orm.execute<{
      id: string;
      to_email: string;
      subject: string;
      body: string;
      attempts: number;
    }>(sql`
      with claimed as (
        update mail_outbox set status = 'SENDING', locked_at = now(), attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where status = 'PENDING' or (status = 'SENDING' and locked_at < now() - interval '5 minutes')
          order by created_at limit ${limit} for update skip locked)
        returning id, record_id, to_email, subject, body, text_id, attempts, created_at
      )
      -- A shared text's '{name}' is the record's name as the mail goes (DECISIONS 189).
      select c.id, c.to_email, c.subject,
        coalesce(c.body, replace(t.body, '{name}', coalesce(r.full_name, ''))) as body, c.attempts
      from claimed c
      left join outbox_texts t on t.id = c.text_id
      left join records r on r.id = c.record_id
      order by c.created_at`);
    return result.rows.map((r) => ({
      id: r.id,
      toEmail: r.to_email,
      subject: r.subject,
      body: r.body,
      attempts: r.attempts,
    }));
  }

  async markSent(id: string): Promise<void> {
    await this.orm.execute(
      sql`update mail_outbox set status = 'SENT', sent_at = now(), locked_at = null, last_error = null where id = ${id}`,
    );
  }

  async markFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.orm.execute(sql`
      update mail_outbox set status = ${final ? 'FAILED' : 'PENDING'}, locked_at = null, last_error = ${error.slice(0, 500)}
      where id = ${id}`);
  }

  async pendingCount(): Promise<number> {
    const result = await this.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where status in ('PENDING', 'SENDING')`,
    );
    return result.rows[0]?.n ?? 0;
  }

  async tenantName(scope: TenantScope): Promise<{ name: string; subdomain: string }> {
    const result = await this.orm.execute<{ name: string; subdomain: string }>(
      sql`select name, subdomain from tenants where id = ${scope.tenantId}`,
    );
    return result.rows[0]!;
  }
}
