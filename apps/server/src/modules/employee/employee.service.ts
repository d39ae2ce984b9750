import {
  BULK_VERIFICATION_FOR_EMPLOYEE,
  CLAIM_MESSAGES as M,
  OTHER_REASON_FOR_EMPLOYEE,
  reverifyMessageOf,
  type RecordHistory,
  type ReverifyResponse,
} from '@portal/contract/claims';
import { DEFAULT_REASON_CODES, OTHER_REASON_CODE } from '@portal/contract/decisions';
import { reasonLabel as integrityReasonLabel } from '@portal/contract/integrity';
import type { MasterRecord } from '@portal/contract/records';
import { ERROR_CODES } from '@portal/contract/errors';
import { reachesWholeTenant, recordScopeOf, type Actor } from '../../access/actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { AppearanceLog } from '../campaigns/appearances.ts';
import { OptimaClient, type ClientOptions } from '../identity/optima-client.ts';
import type { ProviderSettings } from '../identity/provider-settings.ts';
import type { RecordsRepo } from '../records/records.repo.ts';
import { toMasterRecord } from '../records/records.service.ts';
import { BULK_VERIFIED_ACTIONS, refusalOf, requireTransition } from '../records/record-state.ts';
import { outcomeOf } from '../verification/compare.ts';
import type { EmployeeRepo } from './employee.repo.ts';

const norm = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * A reason as the employee reads it: the tenant's label of a code it added, else the default's (the
 * integrity reasons' for codes of a flag). OTHER says to ask: its note stays with the tenant.
 */
function employeeReasonLabel(code: string, tenantLabel: string | null): string {
  if (code === OTHER_REASON_CODE) return OTHER_REASON_FOR_EMPLOYEE;
  return (
    tenantLabel ?? DEFAULT_REASON_CODES.find((r) => r.code === code)?.label ?? integrityReasonLabel(code)
  );
}

/** The employee's own record, and re-verification by the employee or an agent of the tenant. */
export class EmployeeService {
  constructor(
    private readonly repo: EmployeeRepo,
    private readonly records: RecordsRepo,
    private readonly audit: AuditRepo,
    private readonly provider: ProviderSettings,
    private readonly clientOptions: Partial<ClientOptions>,
    private readonly appearances: AppearanceLog,
  ) {}

  async myRecord(actor: Actor): Promise<MasterRecord> {
    const id = await this.repo.recordIdOf(actor.userId);
    const row = id ? await this.records.findById(recordScopeOf(actor), id) : undefined;
    if (!row) throw notFound('No record is linked to this account.');
    return toMasterRecord(row);
  }

  /**
   * The decisions on the employee's own record (issue #22): its status changes with their dates and
   * reasons, read from the tenant's audit trail. Who decided and the reviewer's note are left out on
   * purpose (they name people); the employee raises a decision with the tenant, who has the rest.
   */
  async myRecordHistory(actor: Actor): Promise<RecordHistory> {
    const scope = recordScopeOf(actor);
    const id = await this.repo.recordIdOf(actor.userId);
    if (!id || !(await this.records.findById(scope, id)))
      throw notFound('No record is linked to this account.');
    const changes = await this.repo.statusChanges(scope.tenantId, id);
    return {
      items: changes.map((c) => ({
        at: c.at.toISOString(),
        from: c.from,
        to: c.to,
        reasonCode: c.reasonCode,
        // A bulk verification's move (issue #31 item 8) reads one plain label, whatever it found.
        reasonLabel: c.reasonCode
          ? employeeReasonLabel(c.reasonCode, c.tenantLabel)
          : (BULK_VERIFIED_ACTIONS as readonly string[]).includes(c.action)
            ? BULK_VERIFICATION_FOR_EMPLOYEE
            : null,
      })),
    };
  }

  /**
   * Checks SSID and NIN against the record, looks the person up at the provider live, and moves an
   * AWAITING_REVALIDATION record on (DESIGN §6). An employee reaches only their own record, an agent
   * those of their assignment (recordScopeOf); out of reach is 404.
   */
  async reverify(
    actor: Actor,
    recordId: string,
    input: { ssid: string; nin: string },
  ): Promise<ReverifyResponse> {
    const scope = recordScopeOf(actor);
    // An employee's other records are refused before the provider is asked; the lock decides the rest.
    if (!reachesWholeTenant(scope) && !(await this.records.findById(scope, recordId))) {
      throw notFound('Record not found');
    }
    const settings = await this.provider.forTenant(scope.tenantId).catch(() => {
      throw new AppError(502, M.providerDown, ERROR_CODES.INTERNAL);
    });
    const match = await this.provider.matchSettings(scope.tenantId);
    return this.repo.transaction(async (tx) => {
      const record = await this.repo.lock(tx, scope, recordId);
      if (!record) throw notFound('Record not found');
      // Refused before the provider is asked (record-state: only a record awaiting it).
      const refused = refusalOf(record.status, 'REVERIFIED');
      if (refused) throw conflict(refused);
      if (norm(record.nin) !== norm(input.nin) || norm(record.ssid) !== norm(input.ssid)) {
        throw badRequest(M.reverifyFailed);
      }
      let result;
      try {
        const client = new OptimaClient(settings, { ...this.clientOptions, breakerThreshold: 1 });
        [result] = await client.lookupBatch([{ nin: record.nin!, ssid: record.ssid }]);
      } catch {
        throw new AppError(502, M.providerDown, ERROR_CODES.INTERNAL);
      }
      const outcome = outcomeOf(record, result!, match);
      const t = requireTransition(record.status, { type: 'REVERIFIED', lookup: outcome.lookup });
      await this.repo.applyOutcome(tx, scope, recordId, { ...outcome, status: t.to });
      await this.audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          ...t.audit!,
          entityType: 'record',
          entityId: recordId,
          note:
            actor.role === 'AGENT'
              ? `Re-verified with the assistance of agent ${actor.email}`
              : 'Re-verified by the employee',
        },
        tx,
      );
      // Only a lookup that agreed is a passed identity check, so an appearance (issue #33).
      if (outcome.lookup === 'AGREES')
        await this.appearances.record(tx, {
          tenantId: scope.tenantId,
          recordId,
          via: 'REVERIFY',
          agent: actor.role === 'AGENT' ? { userId: actor.userId, email: actor.email } : null,
        });
      return { newStatus: t.to, message: reverifyMessageOf(t.to) };
    });
  }
}
