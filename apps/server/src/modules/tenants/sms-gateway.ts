import type { z } from 'zod';
import {
  SMS_GATEWAY_MESSAGES as M,
  type SmsGatewayInputSchema,
  type SmsGatewayView,
} from '@portal/contract/sms-gateway';
import { TENANT_MESSAGES } from '@portal/contract/tenants';
import type { Actor } from '../../access/actor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { SmsGateway } from '../../platform/sms.ts';
import type { SmsGatewayRepo, StoredSmsGateway } from './sms-gateway.repo.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';

type Input = z.output<typeof SmsGatewayInputSchema>;

const view = (s: StoredSmsGateway | null): SmsGatewayView =>
  s ? { host: s.host, port: s.port, systemId: s.systemId, senderId: s.senderId, passwordSet: true } : null;

/**
 * A tenant's SMS gateway (issue #33 item 3; DECISIONS 182), set by the global admin beside the
 * identity provider: read without its password, changed with an audit entry, and opened only for
 * the delivery job.
 */
export class SmsGateways {
  constructor(
    private readonly repo: SmsGatewayRepo,
    private readonly audit: AuditRepo,
    private readonly secrets: SecretBox,
  ) {}

  async view(tenantId: string): Promise<SmsGatewayView> {
    const { found, gateway } = await this.repo.stored(tenantId);
    if (!found) throw notFound(TENANT_MESSAGES.notFound);
    return view(gateway);
  }

  /** A blank password keeps the stored one; the first setting needs one. */
  async set(actor: Actor, tenantId: string, input: Input): Promise<SmsGatewayView> {
    const { found, gateway: before } = await this.repo.stored(tenantId);
    if (!found) throw notFound(TENANT_MESSAGES.notFound);
    const password = input.password ? this.secrets.seal(input.password) : before?.password;
    if (!password) throw badRequest(M.passwordRequired, { password: M.passwordRequired });
    const after: StoredSmsGateway = {
      host: input.host,
      port: input.port,
      systemId: input.systemId,
      senderId: input.senderId,
      password,
    };
    await this.repo.transaction(async (tx) => {
      await this.repo.save(tx, tenantId, after);
      const { password: _b, ...shownBefore } = before ?? ({} as Partial<StoredSmsGateway>);
      const { password: _a, ...shownAfter } = after;
      await this.audit.append(
        {
          tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'TENANT_SMS_GATEWAY_UPDATED',
          entityType: 'tenant',
          entityId: tenantId,
          before: before ? shownBefore : null,
          after: { ...shownAfter, passwordChanged: Boolean(input.password) },
        },
        tx,
      );
    });
    return view(after);
  }

  /** The gateway with its password opened, for the delivery job only; null when not set. */
  async forTenant(tenantId: string): Promise<SmsGateway | null> {
    const { gateway } = await this.repo.stored(tenantId);
    return gateway ? { ...gateway, password: this.secrets.open(gateway.password) } : null;
  }
}
