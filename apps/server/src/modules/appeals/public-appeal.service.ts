import {
  APPEAL_MESSAGES as M,
  type PublicAppealCreateSchema,
  type PublicAppealLodged,
} from '@portal/contract/appeals';
import type { z } from 'zod';
import { tenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { SUSPENDED } from '../records/record-state.ts';
import type { AppealsRepo } from './appeals.repo.ts';
import type { AppealsService } from './appeals.service.ts';

type Input = z.output<typeof PublicAppealCreateSchema>;

/**
 * The port the claims module fills (ClaimsService.spendConfirmed): the record of a claim that
 * passed the claim's identity check, with the claim's own guards, answers and rate limits.
 */
export interface ConfirmedClaims {
  spendConfirmed<T>(
    token: string,
    ip: string,
    tenantId: string | undefined,
    fn: (tx: Orm, claim: { tenantId: string; recordId: string }) => Promise<T>,
  ): Promise<T>;
}

/**
 * The public appeal (issue #34 item 4): a person suspended as a no-show who never claimed an
 * account lodges an appeal after the claim's identity check (SSID, NIN, PSN), so that the page
 * answers an unknown person, a wrong PSN or a spent claim exactly as the claim does. Only a
 * SUSPENDED record: the claim's check already turns away a rejected or ghost record with its one
 * generic answer (DECISIONS).
 */
export class PublicAppealService {
  constructor(
    private readonly deps: {
      claims: ConfirmedClaims;
      repo: AppealsRepo;
      appeals: Pick<AppealsService, 'lodgeFor'>;
    },
  ) {}

  async lodge(input: Input, ip: string, tenantId: string | undefined): Promise<PublicAppealLodged> {
    const { claims, repo, appeals } = this.deps;
    return claims.spendConfirmed(input.claimId, ip, tenantId, async (tx, claim) => {
      const scope = tenantScope(claim.tenantId);
      const rec = await repo.lockRecord(tx, scope, claim.recordId);
      if (!rec) throw notFound(M.recordNotFound);
      if (rec.status !== SUSPENDED) throw conflict(M.publicOnlySuspended);
      const id = await appeals.lodgeFor(tx, scope, rec, input, 'PUBLIC', null, ip);
      const lodged = await repo.find(tx, scope, id);
      return {
        reference: id,
        deadline: new Date(lodged!.deadline_at).toISOString(),
        message: M.lodgedPublic,
      };
    });
  }
}
