import { z } from 'zod';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import { smsMessages } from '../../platform/metrics.ts';
import { maskPhone, sendSms, type SmsGateway, type SmsMessage } from '../../platform/sms.ts';
import type { SmsItem, SmsOutboxRepo } from './sms-outbox.repo.ts';

export const MAX_SMS_ATTEMPTS = 5;

/** Delivers the SMS outbox over each tenant's SMPP gateway; one run drains it. */
export const deliverSmsJob = defineJob({
  name: 'sms.deliver',
  version: 1,
  schema: z.object({ reason: z.string().max(100) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});

const NOT_CONFIGURED = 'SMS is not configured for this tenant (its SMS gateway is not set)';

/**
 * Claims batches, sends each tenant's part over one SMPP session of its gateway, marks each
 * message sent or failed (finally after MAX_SMS_ATTEMPTS; a tenant without a gateway fails at
 * once: nothing would send it). A failure leaves the rest for the job's retry.
 */
export function deliverSmsHandler(
  outbox: SmsOutboxRepo,
  gatewayOf: (tenantId: string) => Promise<SmsGateway | null>,
): JobHandler<z.infer<typeof deliverSmsJob.schema>> {
  return async (_payload, { log }) => {
    let failures = 0;
    for (;;) {
      const batch = await outbox.claim(50);
      if (batch.length === 0) break;
      const byTenant = new Map<string, SmsItem[]>();
      for (const item of batch) byTenant.set(item.tenantId, [...(byTenant.get(item.tenantId) ?? []), item]);
      for (const [tenantId, items] of byTenant) {
        const gateway = await gatewayOf(tenantId);
        if (!gateway) {
          smsMessages.inc({ outcome: 'failed' }, items.length);
          for (const item of items) await outbox.markFailed(item.id, NOT_CONFIGURED, true);
          continue;
        }
        const messages: SmsMessage[] = items.map((i) => ({ to: i.toPhone, text: i.body }));
        const outcomes = await sendSms(gateway, messages);
        for (const [i, item] of items.entries()) {
          const o = outcomes[i]!;
          smsMessages.inc({ outcome: o.ok ? 'sent' : 'failed' });
          if (o.ok) {
            await outbox.markSent(item.id, o.messageId);
            continue;
          }
          failures += 1;
          const final = item.attempts >= MAX_SMS_ATTEMPTS;
          await outbox.markFailed(item.id, o.error, final);
          log.warn({ smsId: item.id, to: maskPhone(item.toPhone), final }, 'SMS delivery failed');
        }
      }
      if (failures > 0) throw new Error(`${failures} SMS could not be delivered; will retry`);
    }
  };
}
