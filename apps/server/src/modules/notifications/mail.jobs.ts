import { z } from 'zod';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import { maskEmail, type Mailer } from '../../platform/mail.ts';
import { mailMessages } from '../../platform/metrics.ts';
import type { OutboxRepo } from './outbox.repo.ts';

export const MAX_MAIL_ATTEMPTS = 5;

/** Delivers the outbox; one run drains it (a later notice queues another run). */
export const deliverMailJob = defineJob({
  name: 'mail.deliver',
  version: 1,
  schema: z.object({ reason: z.string().max(100) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});

export function deliverMailHandler(
  outbox: OutboxRepo,
  mailer: Mailer,
): JobHandler<z.infer<typeof deliverMailJob.schema>> {
  return async (_payload, { log }) => {
    if (!mailer.configured) return;
    let failures = 0;
    for (;;) {
      const batch = await outbox.claim(20);
      if (batch.length === 0) break;
      for (const item of batch) {
        try {
          await mailer.send({ to: item.toEmail, subject: item.subject, text: item.body });
          mailMessages.inc({ outcome: 'sent' });
          await outbox.markSent(item.id);
        } catch (err) {
          mailMessages.inc({ outcome: 'failed' });
          failures += 1;
          const final = item.attempts >= MAX_MAIL_ATTEMPTS;
          await outbox.markFailed(item.id, (err as Error).message, final);
          log.warn({ outboxId: item.id, to: maskEmail(item.toEmail), final }, 'mail delivery failed');
        }
      }
      // A failing server: leave the rest for the job's retry instead of spinning.
      if (failures > 0) throw new Error(`${failures} notice(s) could not be delivered; will retry`);
    }
  };
}
