import { countOf } from '@portal/contract/counts';
import type { NotifyResponse } from '@portal/contract/records';
import type { FastifyBaseLogger } from 'fastify';
import { scopeOf, type Actor } from '../../access/actor.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { deliverMailJob } from './mail.jobs.ts';
import type { OutboxRepo } from './outbox.repo.ts';

/** Re-verification notices: written to the outbox, delivered over SMTP by a job. */
export class NotifyService {
  constructor(
    private readonly outbox: OutboxRepo,
    private readonly audit: AuditRepo,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly publicUrlTemplate: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async notify(actor: Actor, recordIds: string[]): Promise<NotifyResponse> {
    const scope = scopeOf(actor);
    const tenant = await this.outbox.tenantName(scope);
    const url = this.publicUrlTemplate.replace('{subdomain}', tenant.subdomain);
    const ids = [...new Set(recordIds)];
    const result = await this.outbox.queueForRecords(scope, ids, {
      subject: `Action required: re-verify your ${tenant.name} record`,
      body: [
        'Dear {name},',
        '',
        `Your record in the ${tenant.name} personnel master list has changed and must be re-verified before it can be paid.`,
        `Sign in at ${url}/login and re-submit your SSID and NIN from your dashboard.`,
        `If you have not claimed your account yet, claim it at ${url}/register-employee.`,
        '',
        'This is an automated message; please do not reply.',
      ].join('\n'),
    });
    await this.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
      action: 'REVERIFICATION_NOTICES_QUEUED',
      entityType: 'record',
      after: {
        requested: ids.length,
        queued: result.queued,
        withoutAddress: result.withoutAddress,
        notFound: ids.length - result.found,
      },
    });
    if (this.mailer.configured) {
      if (result.queued > 0) await this.jobs.send(deliverMailJob, { reason: 'notify' });
    } else if (result.queued > 0) {
      this.log.info(
        { queued: result.queued, outboxIds: result.outboxIds },
        'SMTP_URL is not set: notices stay in the outbox',
      );
    }
    const parts = [`Re-verification notices queued for ${countOf(result.queued, 'record')}.`];
    if (result.withoutAddress > 0)
      parts.push(`${countOf(result.withoutAddress, 'record')} had no email address.`);
    const notFound = ids.length - result.found;
    if (notFound > 0)
      parts.push(`${countOf(notFound, 'record')} ${notFound === 1 ? 'was' : 'were'} not found.`);
    if (!this.mailer.configured && result.queued > 0)
      parts.push('Mail is not configured yet: they wait in the outbox.');
    return {
      message: parts.join(' '),
      queued: result.queued,
      withoutAddress: result.withoutAddress,
      notFound,
    };
  }
}
