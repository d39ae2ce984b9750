import { sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';

export interface SmsItem {
  id: string;
  tenantId: string;
  toPhone: string;
  body: string;
  attempts: number;
}

/** The SMS outbox (issue #33): claimed, sent and marked as the mail outbox is (outbox.repo.ts). */
export class SmsOutboxRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * Unscoped on purpose: delivery is a platform job that sends every tenant's messages. Claims
   * pending messages, and ones whose sender crashed more than 5 minutes ago.
   */
  async claim(limit: number): Promise<SmsItem[]> {
    const result = await this.orm.execute<{
      id: string;
      tenant_id: string;
      to_phone: string;
      body: string;
      attempts: number;
    }>(sql`
      update sms_outbox set status = 'SENDING', locked_at = now(), attempts = attempts + 1
      where id in (
        select id from sms_outbox
        where status = 'PENDING' or (status = 'SENDING' and locked_at < now() - interval '5 minutes')
        order by created_at limit ${limit} for update skip locked)
      returning id, tenant_id, to_phone, body, attempts`);
    return result.rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      toPhone: r.to_phone,
      body: r.body,
      attempts: r.attempts,
    }));
  }

  async markSent(id: string, messageId: string): Promise<void> {
    await this.orm.execute(sql`
      update sms_outbox set status = 'SENT', sent_at = now(), locked_at = null, last_error = null,
        message_id = ${messageId}
      where id = ${id}`);
  }

  async markFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.orm.execute(sql`
      update sms_outbox set status = ${final ? 'FAILED' : 'PENDING'}, locked_at = null, last_error = ${error.slice(0, 500)}
      where id = ${id}`);
  }
}
