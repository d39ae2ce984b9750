import type { z } from 'zod';
import {
  INTEGRITY_MESSAGES as M,
  INTEGRITY_RULE_LABELS,
  INTEGRITY_RULES,
  reasonLabel,
  REMOVED_IDENTITY_RULE,
  maskFlagEvidence,
  type FlagEvidence,
  type FlagsPage,
  type FlagsQuerySchema,
  type IntegrityDecisionSchema,
  type IntegrityFlag,
  type IntegritySummary,
} from '@portal/contract/integrity';
import { koboToNaira } from '@portal/contract/payroll';
import type { TenantSettings } from '@portal/contract/settings';
import {
  reachesWholeTenant,
  recordScopeOf,
  scopeOf,
  type Actor,
  type RecordScope,
  type TenantScope,
} from '../../access/actor.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { AWAITING_SECOND_APPROVAL, requireTransition } from '../records/record-state.ts';
import { secondApproverOn, type FourEyes } from '../approvals/four-eyes.ts';
import type { ReasonCodesService } from '../approvals/reason-codes.ts';
import type { Orm } from '../../platform/db.ts';
import type { RecordsRepo } from '../records/records.repo.ts';
import type { RecordsService } from '../records/records.service.ts';
import { figuresOfPostings } from './figures-within.ts';
import type { IntegrityRequest } from './integrity.jobs.ts';
import type { FlagRow, Figures, IntegrityRepo, StoredSummary } from './integrity.repo.ts';

type Query = z.output<typeof FlagsQuerySchema>;
type Decision = z.output<typeof IntegrityDecisionSchema>;

const naira = (f: Figures | undefined) => ({
  flaggedRecords: f?.flaggedRecords ?? 0,
  monthlyAmount: koboToNaira(f?.monthlyKobo ?? 0),
  payUnknownRecords: f?.payUnknownRecords ?? 0,
});

/** PAID_AFTER_EXIT's pay since the exit, in naira (issue #35). */
const recoverable = (f: Figures | undefined) => ({
  recoverableAmount: koboToNaira(f?.recoverableKobo ?? 0),
});

const iso = (d: Date) => d.toISOString();

/**
 * Payroll integrity (issue #21): the summary and flags a scope reaches (a reviewer's assignments),
 * and the decisions on a flag. CONFIRM rejects the record through the record state machine (it
 * leaves the payroll export), DISMISS closes the flag for the same evidence; both are audited on
 * the record, each in one transaction holding the flag's and the record's row locks.
 */
export class IntegrityService {
  constructor(
    private readonly repo: IntegrityRepo,
    private readonly records: RecordsRepo,
    private readonly recordsService: RecordsService,
    private readonly settings: { of(scope: TenantScope): Promise<TenantSettings> },
    private readonly audit: AuditRepo,
    private readonly requestEvaluation: IntegrityRequest,
    /** Issue #22: a CONFIRM names an active reason code of the tenant, and waits for a second approver when asked. */
    private readonly decisions: { orm: Orm; reasonCodes: ReasonCodesService; fourEyes: FourEyes },
  ) {}

  async summary(actor: Actor): Promise<IntegritySummary> {
    const scope = recordScopeOf(actor);
    const tenant = scopeOf(actor);
    const today = await this.repo.today(tenant);
    let state = await this.repo.state(tenant, today);
    if (!state) {
      // Never evaluated (records from before the rules existed): the first look asks for it.
      await this.requestEvaluation(tenant.tenantId, 'first summary');
      state = await this.repo.state(tenant, today);
    }
    // A tenant admin reads the figures the last run (or decision) stored; a reviewer the sum of the
    // stored postings their assignments reach (counted within them when the run stored none).
    const figures: StoredSummary = await this.#figuresFor(scope, state?.summary ?? null);
    const { integrity } = await this.settings.of(tenant);
    const byRule = new Map(figures.rules.map((r) => [r.rule, r]));
    return {
      status: state?.running ? 'RUNNING' : !state || state.stale ? 'STALE' : 'CURRENT',
      evaluatedAt: state?.evaluatedAt ? iso(state.evaluatedAt) : null,
      asOf: state?.asOf ?? null,
      progress: state?.running ? { done: state.stepsDone, total: state.stepsTotal } : null,
      rules: INTEGRITY_RULES.map((code) => ({
        code,
        label: INTEGRITY_RULE_LABELS[code],
        enabled: integrity.rules[code],
        ...naira(byRule.get(code)),
        // Issue #35: what was paid since the exit, the one rule that has it.
        ...(code === 'PAID_AFTER_EXIT' ? recoverable(byRule.get(code)) : {}),
      })),
      ...naira(figures.total),
      ...recoverable(figures.total),
      byMinistry: figures.byMinistry.map((m) => ({
        ministryId: m.ministryId,
        ministry: m.ministry ?? 'No ministry',
        ...naira(m),
      })),
    };
  }

  async #figuresFor(scope: RecordScope, stored: StoredSummary | null): Promise<StoredSummary> {
    if (reachesWholeTenant(scope) && stored) return stored;
    const assigned = await this.records.withAssignments(scope);
    // Evaluated: the postings the run stored; never evaluated yet: counted within the assignments.
    if (stored && assigned.assignments)
      return figuresOfPostings(await this.repo.postingsWithin(scope, assigned.assignments));
    return this.repo.figures(assigned);
  }

  async flags(actor: Actor, q: Query): Promise<FlagsPage> {
    const scope = recordScopeOf(actor);
    const empty = { items: [], total: 0, page: q.page, pageSize: q.pageSize };
    const filter = await this.recordsService.resolveFilter(scope, {
      ministry: q.ministry,
      department: q.department,
      grade: [],
      status: [],
      ids: [],
      q: q.q,
    });
    if (!filter) return empty;
    const scoped = await this.records.withAssignments(scope);
    const { rows, total } = await this.repo.page(
      scoped,
      {
        rules: q.rule,
        statuses: q.status.length ? q.status : ['OPEN'],
        ministryIds: filter.ministryIds,
        departmentIds: filter.departmentIds,
        search: filter.search,
      },
      q,
    );
    return { items: await this.#view(actor, rows), total, page: q.page, pageSize: q.pageSize };
  }

  async decide(actor: Actor, id: string, d: Decision): Promise<IntegrityFlag> {
    const scope = recordScopeOf(actor);
    const tenant = scopeOf(actor);
    const who = { userId: actor.userId, email: actor.email };
    // The schema requires a reason code (a CONFIRM's is checked against the tenant's codes below).
    const reasonCode = d.reasonCode!;
    // Read before the decision's transaction (PGlite has one connection).
    const secondApprover = await secondApproverOn(this.decisions.orm, tenant.tenantId);
    const fourEyes = d.decision === 'CONFIRM' && secondApprover;
    const { confirmed } = await this.repo.inTransaction(async (s) => {
      const flag = await s.lock(scope, id);
      if (!flag) throw notFound(M.flagNotFound);
      if (flag.status !== 'OPEN') throw conflict(M.alreadyDecided);
      // A confirmation awaits its second approver: the flag is not decided again meanwhile.
      if (flag.recordStatus === AWAITING_SECOND_APPROVAL) throw conflict(APPROVAL_MESSAGES.recordPending);
      // So does a dismissal awaiting one (issue #30).
      if (await this.decisions.fourEyes.flagPending(s.tx, tenant.tenantId, id))
        throw conflict(M.dismissalPending);
      const reason =
        d.decision === 'CONFIRM'
          ? await this.decisions.reasonCodes.requireActive(s.tx, tenant.tenantId, reasonCode, d.note)
          : { code: reasonCode, label: reasonLabel(reasonCode) };
      const why = `${INTEGRITY_RULE_LABELS[flag.rule]}: ${reason.label}${d.note ? `. ${d.note}` : ''}`;
      if (fourEyes) {
        // The flag stays OPEN; the record awaits a different tenant admin's approval.
        const held = await this.decisions.fourEyes.holdRecord(s.tx, actor, {
          kind: 'INTEGRITY_CONFIRM',
          recordId: flag.recordId,
          from: flag.recordStatus,
          reason,
          note: d.note,
          flagId: id,
        });
        await this.audit.append(
          {
            tenantId: tenant.tenantId,
            actorUserId: actor.userId,
            actorEmail: actor.email,
            action: held.action,
            entityType: 'record',
            entityId: flag.recordId,
            before: held.before,
            after: held.after,
            note: `Integrity flag confirmation awaits a second approver (${why})`,
            address: actor.address ?? null,
          },
          s.tx,
        );
        return { confirmed: false };
      }
      if (d.decision === 'CONFIRM') {
        // Through the state machine: the record is rejected and leaves the payroll export.
        const t = requireTransition(flag.recordStatus, { type: 'INTEGRITY_CONFIRMED' });
        await s.setRecordStatus(tenant, flag.recordId, t.to, reason.code);
        await s.close(tenant, id, 'CONFIRMED', who, reasonCode, d.note);
        await s.dropOpenFlagsOf(tenant, flag.recordId);
        await this.audit.append(
          {
            tenantId: tenant.tenantId,
            actorUserId: actor.userId,
            actorEmail: actor.email,
            action: t.audit!.action,
            entityType: 'record',
            entityId: flag.recordId,
            before: t.audit!.before,
            after: { ...t.audit!.after, reasonCode: reason.code },
            note: `Integrity flag confirmed (${why})`,
            address: actor.address ?? null,
          },
          s.tx,
        );
        return { confirmed: true };
      }
      if (secondApprover && flag.rule === REMOVED_IDENTITY_RULE) {
        // Issue #30: this dismissal lets a person who shares a removed record's identity into the
        // payroll, so it waits for a different tenant admin; the flag stays OPEN, the record held.
        const approvalId = await this.decisions.fourEyes.holdDismissal(s.tx, actor, {
          flagId: id,
          recordId: flag.recordId,
          psn: flag.psn,
          fullName: flag.fullName,
          reason,
          note: d.note,
        });
        await this.audit.append(
          {
            tenantId: tenant.tenantId,
            actorUserId: actor.userId,
            actorEmail: actor.email,
            action: 'APPROVAL_REQUESTED',
            entityType: 'record',
            entityId: flag.recordId,
            after: { kind: 'FLAG_DISMISSAL', reasonCode: reason.code, approvalId },
            note: `Integrity flag dismissal awaits a second approver (${why})`,
            address: actor.address ?? null,
          },
          s.tx,
        );
        return { confirmed: false };
      }
      await s.close(tenant, id, 'DISMISSED', who, reasonCode, d.note);
      await this.audit.append(
        {
          tenantId: tenant.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          action: 'INTEGRITY_FLAG_DISMISSED',
          entityType: 'record',
          entityId: flag.recordId,
          address: actor.address ?? null,
          note: `Integrity flag dismissed (${why})`,
        },
        s.tx,
      );
      return { confirmed: false };
    });
    // The figures follow the decision at once; a rejected record also changes its groups, so the
    // rules run again.
    await this.repo.storeSummary(tenant, await this.repo.figures(tenant));
    if (confirmed) await this.requestEvaluation(tenant.tenantId, 'integrity flag confirmed');
    const flag = await this.repo.find(await this.records.withAssignments(scope), id);
    if (!flag) throw notFound(M.flagNotFound);
    return (await this.#view(actor, [flag]))[0]!;
  }

  /** Evaluates the rules now; answers the summary as it stands (the run under way or queued). */
  async evaluate(actor: Actor): Promise<IntegritySummary> {
    // The reason goes into the job's payload and its log line: the user's id, never their email.
    await this.requestEvaluation(scopeOf(actor).tenantId, `asked by user ${actor.userId}`);
    return this.summary(actor);
  }

  /** The API's view of flags; a reviewer does not see a group's records outside their assignments. */
  async #view(actor: Actor, rows: FlagRow[]): Promise<IntegrityFlag[]> {
    const scope = recordScopeOf(actor);
    // A CONFIRM's code may be one the tenant added: its label from the tenant's list, read only
    // when the page names a code (a page of open flags, the list's default, seldom does).
    const named = rows.some(
      (r) =>
        (r.status !== 'OPEN' && r.reasonCode) ||
        (r.evidence.kind === 'REMOVED_MATCH' &&
          (r.evidence.removed as { reasonCode?: string | null }[] | undefined)?.some((m) => m.reasonCode)),
    );
    const labels = named
      ? await this.decisions.reasonCodes.labels(scope.tenantId)
      : new Map<string, string>();
    let reached: Set<string> | null = null;
    if (!reachesWholeTenant(scope)) {
      const others = rows.flatMap(
        (r) =>
          ((r.evidence.others ?? r.evidence.removed) as { recordId: string | null }[] | undefined)?.map(
            (o) => o.recordId!,
          ) ?? [],
      );
      reached = await this.repo.recordsReached(scope, [...new Set(others.filter(Boolean))]);
    }
    return rows.map((r) => {
      const evidence = maskFlagEvidence({ ...r.evidence } as FlagEvidence);
      if (evidence.kind === 'GROUP' && reached) {
        const seen = reached;
        evidence.others = evidence.others.map((o) =>
          o.recordId && seen.has(o.recordId) ? o : { recordId: null, psn: null, fullName: null },
        );
      }
      if (evidence.kind === 'REMOVED_MATCH') {
        // Issue #30: each removed record with its reason's label; outside a reviewer's reach, unnamed.
        const seen = reached;
        evidence.removed = evidence.removed.map((m) => ({
          ...(seen && !(m.recordId && seen.has(m.recordId))
            ? { ...m, recordId: null, psn: null, fullName: null }
            : m),
          reasonLabel: m.reasonCode ? (labels.get(m.reasonCode) ?? reasonLabel(m.reasonCode)) : null,
        }));
      }
      return {
        id: r.id,
        recordId: r.recordId,
        psn: r.psn,
        fullName: r.fullName,
        ministry: r.ministry,
        department: r.department,
        recordStatus: r.recordStatus,
        rule: r.rule,
        evidence,
        monthlyAmount: r.monthlyKobo === null ? null : koboToNaira(r.monthlyKobo),
        status: r.status,
        raisedAt: iso(r.raisedAt),
        decision:
          r.status === 'OPEN' || !r.decidedAt || !r.reasonCode
            ? null
            : {
                decision: r.status === 'CONFIRMED' ? 'CONFIRM' : 'DISMISS',
                reasonCode: r.reasonCode,
                reasonLabel: labels.get(r.reasonCode) ?? reasonLabel(r.reasonCode),
                note: r.note,
                decidedAt: iso(r.decidedAt),
                decidedByEmail: r.decidedByEmail,
              },
      };
    });
  }
}
