import type { z } from 'zod';
import type { OptimaPerson } from '@portal/optima/protocol';
import type { Facets, MasterRecord } from '@portal/contract/records';
import {
  VALIDATION_MESSAGES as M,
  type QueuePage,
  type QueueQuerySchema,
  type RecordEditSchema,
  type ValidationDecisionSchema,
} from '@portal/contract/validation';
import {
  deriveSalaryGradeId,
  salaryGradeDisagrees,
  SALARY_GRADE_MESSAGES as SG,
  sameGrade,
} from '@portal/contract/salary-grade';
import { recordScopeOf, type Actor, type RecordScope } from '../../access/actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { secondApproverOn, type FourEyes } from '../approvals/four-eyes.ts';
import type { ReasonCodesService } from '../approvals/reason-codes.ts';
import type { Orm } from '../../platform/db.ts';
import type { TenantMatchSettings } from '../identity/provider-settings.ts';
import type { RecordRow, RecordsRepo } from '../records/records.repo.ts';
import { toListItem, toMasterRecord, type RecordsService } from '../records/records.service.ts';
import {
  entersPayroll,
  QUEUE_STATUS,
  requireTransition,
  REVIEWABLE,
  type Transition,
} from '../records/record-state.ts';
import { holdsOf } from '../integrity/removed-identity.repo.ts';
import { heldByRemovedIdentityMessage, type RemovedMatch } from '@portal/contract/integrity';
import { closeReasonsOf, comparisonFrom, comparisonRows, nameMatchOf } from '../verification/compare.ts';
import type { LockedRecord, RecordPatch, ValidationRepo, ValidationSession } from './validation.repo.ts';

type Edit = z.output<typeof RecordEditSchema>;
type Decision = z.output<typeof ValidationDecisionSchema>;
type Query = z.output<typeof QueueQuerySchema>;

const view = (r: LockedRecord) => ({
  status: r.status,
  fullName: r.fullName,
  ministry: r.ministry,
  department: r.department,
  gradeLevel: r.gradeLevel,
  salaryGradeId: r.salaryGradeId,
  salaryStructure: r.salaryStructure,
  dateOfBirth: r.dateOfBirth,
  dateOfFirstAppointment: r.dateOfFirstAppointment,
  bank: r.bank,
  accountNumber: r.accountNumber,
  bvn: r.bvn,
  monthlyGrossKobo: r.monthlyGrossKobo,
});

/**
 * The salary grade id a record takes with grade `grade` (issue #17): `given` when the caller set
 * one, else the current one. When the grade changes and the record has an id, the caller must give
 * the id for the new grade (400, with the derived one suggested); an id that names another grade
 * than `grade` is refused.
 */
function salaryGradeFor(rec: LockedRecord, grade: string | null, given: string | null | undefined) {
  const changes = !sameGrade(rec.gradeLevel, grade);
  if (given === undefined && changes && rec.salaryGradeId) {
    const message = SG.required(rec.gradeLevel ?? '—', grade ?? '—');
    throw badRequest(message, {
      salaryGradeId: message,
      suggestedSalaryGradeId: deriveSalaryGradeId(rec.salaryGradeId, grade) ?? '',
    });
  }
  const id = given === undefined ? rec.salaryGradeId : given;
  if (salaryGradeDisagrees(grade, id)) {
    const message = SG.disagrees(id!, grade!);
    throw badRequest(message, { salaryGradeId: message });
  }
  return id;
}
/** Removed records with their reason's label from the tenant's list (issue #30). */
const labelled = (removed: RemovedMatch[], labels: Map<string, string>): RemovedMatch[] =>
  removed.map((m) => ({
    ...m,
    reasonLabel: m.reasonCode ? (labels.get(m.reasonCode) ?? m.reasonCode) : null,
  }));

/** `given` unless the caller left it out. */
const keep = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given);

/** Only what changed, for the audit trail. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Review decisions (DESIGN §6). Each locks the record, checks it is still in the state (and
 * version) the reviewer saw — else 409, never a silent overwrite — and appends its audit event in
 * the same transaction. A reviewer reaches only the records of their assignments (else 404).
 */
export class ValidationService {
  constructor(
    private readonly repo: ValidationRepo,
    private readonly records: RecordsRepo,
    private readonly recordsService: RecordsService,
    private readonly audit: AuditRepo,
    private readonly matchSettings: Pick<TenantMatchSettings, 'forTenant'>,
    /** Issue #22: a rejection names an active reason code, and waits for a second approver when asked. */
    private readonly decisions: { orm: Orm; reasonCodes: ReasonCodesService; fourEyes: FourEyes },
  ) {}

  async queue(actor: Actor, kind: 'pending' | 'mismatched', q: Query): Promise<QueuePage> {
    const scope = recordScopeOf(actor);
    const filter = await this.recordsService.resolveFilter(scope, { ...q, status: [], ids: [] });
    if (!filter)
      return {
        items: [],
        total: 0,
        page: q.page,
        pageSize: q.pageSize,
        counts: { pendingApproval: 0, mismatched: 0 },
        closeReasons: {},
        held: {},
      };
    const status = QUEUE_STATUS[kind];
    if (filter.search) {
      // A search: both tabs' counts and the page from one pass over its matches.
      const found = await this.records.searchByStatus(
        await this.records.withAssignments(scope),
        { ...filter, search: filter.search, statuses: [...REVIEWABLE] },
        status,
        q,
      );
      if (found) {
        const pendingApproval = found.counts[QUEUE_STATUS.pending] ?? 0;
        const mismatched = found.counts[QUEUE_STATUS.mismatched] ?? 0;
        const rows = await this.records.rowsOf(scope, found.ids);
        return {
          items: rows.map(toListItem),
          closeReasons: await this.#closeReasons(scope.tenantId, rows),
          held: await this.#held(scope, rows),
          total: kind === 'pending' ? pendingApproval : mismatched,
          page: q.page,
          pageSize: q.pageSize,
          counts: { pendingApproval, mismatched },
        };
      }
    }
    const scoped = await this.records.withAssignments(scope); // two counts and a page
    const [pendingApproval, mismatched] = await Promise.all([
      this.records.count(scoped, { ...filter, statuses: [QUEUE_STATUS.pending] }),
      this.records.count(scoped, { ...filter, statuses: [QUEUE_STATUS.mismatched] }),
    ]);
    const rows = await this.records.page(
      scoped,
      { ...filter, statuses: [status] },
      q,
      kind === 'pending' ? pendingApproval : mismatched,
    );
    return {
      items: rows.map(toListItem),
      closeReasons: await this.#closeReasons(scope.tenantId, rows),
      held: await this.#held(scope, rows),
      total: kind === 'pending' ? pendingApproval : mismatched,
      page: q.page,
      pageSize: q.pageSize,
      counts: { pendingApproval, mismatched },
    };
  }

  /** The page's records held out of the payroll (issue #30), with the removed records they match. */
  async #held(scope: RecordScope, rows: RecordRow[]): Promise<QueuePage['held']> {
    const holds = await holdsOf(
      this.decisions.orm,
      scope,
      rows.map((r) => r.id),
    );
    if (holds.size === 0) return {};
    const labels = await this.decisions.reasonCodes.labels(scope.tenantId);
    return Object.fromEntries(
      [...holds].map(([id, hold]) => [id, { removed: labelled(hold.removed, labels), flagId: hold.flagId }]),
    );
  }

  /** The page's records compared again with their stored answers: the reasons of their close fields. */
  async #closeReasons(tenantId: string, rows: RecordRow[]): Promise<Record<string, string[]>> {
    const options = await this.matchSettings.forTenant(tenantId);
    const out: Record<string, string[]> = {};
    for (const row of rows) {
      if (!row.sotData) continue;
      const dob = row.dateOfBirth as unknown;
      const reasons = closeReasonsOf(
        comparisonRows(
          {
            fullName: row.fullName,
            dateOfBirth:
              dob instanceof Date ? dob.toISOString().slice(0, 10) : ((dob as string | null) ?? null),
            ministry: row.ministry ?? null,
            department: row.department ?? null,
            gradeLevel: row.gradeLevel ?? null,
          },
          row.sotData as Partial<OptimaPerson>,
          options,
        ),
      );
      if (reasons.length) out[row.id] = reasons;
    }
    return out;
  }

  /** Filter values of the queues: the tenant's for a tenant admin, the reviewer's scope for a reviewer. */
  async facets(actor: Actor): Promise<Facets> {
    const scope = recordScopeOf(actor);
    if (!scope.reviewerId) return { ...(await this.recordsService.facets(actor)), statuses: [...REVIEWABLE] };
    const { reviewerId } = scope;
    return {
      ...(await this.repo.reviewerFacets({ ...scope, reviewerId }, REVIEWABLE)),
      statuses: [...REVIEWABLE],
    };
  }

  async edit(actor: Actor, id: string, input: Edit): Promise<MasterRecord> {
    // Read before the decision's transaction (PGlite has one connection).
    const matchSettings = await this.matchSettings.forTenant(recordScopeOf(actor).tenantId);
    await this.#decide(actor, id, input.version, async (s, rec) => {
      const departmentId = await s.idByName('department', input.department);
      if (!departmentId) throw badRequest(M.unknownDepartment, { department: M.unknownDepartment });
      const ministryId = input.ministry ? await s.idByName('ministry', input.ministry) : rec.ministryId;
      if (!ministryId) throw badRequest(M.unknownMinistry, { ministry: M.unknownMinistry });
      const next = {
        ...rec,
        fullName: input.fullName,
        gradeLevel: input.gradeLevel,
        salaryGradeId: salaryGradeFor(rec, input.gradeLevel, input.salaryGradeId),
        salaryStructure: input.salaryStructure,
        dateOfBirth: input.dateOfBirth,
        // The payroll columns: left out, kept as they are.
        dateOfFirstAppointment: keep(input.dateOfFirstAppointment, rec.dateOfFirstAppointment),
        bank: keep(input.bank, rec.bank),
        accountNumber: keep(input.accountNumber, rec.accountNumber),
        bvn: keep(input.bvn, rec.bvn),
        monthlyGrossKobo: keep(input.monthlyGrossPay, rec.monthlyGrossKobo),
      };
      const patch: RecordPatch = { ...next, ministryId, departmentId };
      // Compared again with what the source of truth said (record-state: a mismatched record only).
      const rows = rec.sotData
        ? comparisonRows(
            { ...next, ministry: input.ministry ?? rec.ministry, department: input.department },
            rec.sotData as Partial<OptimaPerson>,
            matchSettings,
          )
        : null;
      const comparison = rows ? comparisonFrom(rows) : null;
      const t = requireTransition(rec.status, { type: 'EDITED', comparison });
      const status = t.to;
      await s.update(id, { ...patch, status, ...(rows ? { nameMatch: nameMatchOf(rows) } : {}) });
      // A reviewer could not see the record again (nor get this answer): refused, rolled back.
      if (!(await s.lock(id)))
        throw badRequest(M.outOfScope, { ministry: M.outOfScope, department: M.outOfScope });
      return {
        action: t.audit!.action,
        after: {
          ...view(next),
          ministry: input.ministry ?? rec.ministry,
          department: input.department,
          status,
        },
      };
    });
    return this.#reload(actor, id);
  }

  async decide(actor: Actor, id: string, d: Decision): Promise<MasterRecord> {
    const { tenantId } = recordScopeOf(actor);
    // Read before the decision's transaction (PGlite has one connection).
    const fourEyes = d.decision === 'REJECT' && (await secondApproverOn(this.decisions.orm, tenantId));
    await this.#decide(actor, id, d.version, async (s, rec) => {
      if (d.decision === 'APPROVE') {
        const t = requireTransition(rec.status, { type: 'APPROVED' });
        // Nothing reaches the payroll with the salary grade id of another grade.
        if (salaryGradeDisagrees(rec.gradeLevel, rec.salaryGradeId))
          throw conflict(SG.approveBlocked(rec.salaryGradeId!, rec.gradeLevel!));
        await this.#requireNotHeld(s, recordScopeOf(actor), id, t);
        await s.update(id, { status: t.to, validated: true });
        return {
          action: t.audit!.action,
          after: { status: t.to },
          note: d.comments || M.approvedNote,
        };
      }
      // The reason first (400 for a missing, unknown or retired code), then the state (409).
      const reason = await this.decisions.reasonCodes.requireActive(s.tx, tenantId, d.reasonCode, d.comments);
      if (fourEyes) {
        const held = await this.decisions.fourEyes.holdRecord(s.tx, actor, {
          kind: 'REJECTION',
          recordId: id,
          from: rec.status,
          reason,
          note: d.comments,
        });
        return { action: held.action, after: held.after, note: d.comments };
      }
      const t = requireTransition(rec.status, { type: 'REJECTED' });
      await s.update(id, { status: t.to, statusReasonCode: reason.code });
      return { action: t.audit!.action, after: { status: t.to, reasonCode: reason.code }, note: d.comments };
    });
    return this.#reload(actor, id);
  }

  /**
   * Approves each selected record as if alone (issue #17): its own transaction, checks (scope,
   * state, version, salary grade) and audit event, so one refused record does not hold back the
   * others. Refusals carry the message a single approve would give.
   */
  async approveMany(
    actor: Actor,
    input: { records: { id: string; version: number }[]; comments?: string | null },
  ): Promise<{ approved: string[]; refused: { id: string; message: string }[] }> {
    const approved: string[] = [];
    const refused: { id: string; message: string }[] = [];
    const comments = input.comments?.trim() ?? '';
    for (const { id, version } of new Map(input.records.map((r) => [r.id, r])).values()) {
      try {
        await this.decide(actor, id, { decision: 'APPROVE', comments, reasonCode: null, version });
        approved.push(id);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        refused.push({ id, message: err.message });
      }
    }
    return { approved, refused };
  }

  /** Accepts the source of truth's values for the compared fields, and validates. */
  async resolve(
    actor: Actor,
    id: string,
    input: { version?: number; salaryGradeId?: string },
  ): Promise<MasterRecord> {
    await this.#decide(actor, id, input.version, async (s, rec) => {
      const t = requireTransition(rec.status, { type: 'RESOLVED' });
      const sot = rec.sotData as Partial<OptimaPerson> | null;
      if (!sot) throw conflict(M.noSotData);
      await this.#requireNotHeld(s, recordScopeOf(actor), id, t);
      const patch: RecordPatch = { status: t.to, validated: true };
      const after: Record<string, unknown> = { status: t.to };
      if (sot.fullName) {
        patch.fullName = after.fullName = sot.fullName;
        patch.nameMatch = 'EXACT';
      }
      if (sot.dateOfBirth) patch.dateOfBirth = after.dateOfBirth = sot.dateOfBirth;
      const grade = sot.gradeLevel || rec.gradeLevel;
      const salaryGradeId = salaryGradeFor(rec, grade, input.salaryGradeId);
      if (sot.gradeLevel) patch.gradeLevel = after.gradeLevel = sot.gradeLevel;
      if (salaryGradeId !== rec.salaryGradeId) patch.salaryGradeId = after.salaryGradeId = salaryGradeId;
      if (sot.ministry) {
        patch.ministryId = await s.ensureNamed('ministry', sot.ministry);
        after.ministry = sot.ministry;
      }
      if (sot.department) {
        patch.departmentId = await s.ensureNamed('department', sot.department);
        after.department = sot.department;
      }
      await s.update(id, patch);
      return { action: t.audit!.action, after, note: 'Source-of-truth data accepted.' };
    });
    return this.#reload(actor, id);
  }

  /**
   * Issue #30: a move into the payroll (approve, resolve; bulk approve through approve) is refused
   * (409, naming the removed record and its decision) while the record shares a NIN, SSID, BVN or
   * bank account with a record removed from the payroll and the integrity flag of that match is
   * not dismissed. Read here, in the decision's transaction, so it does not wait for the rules'
   * evaluation to have run.
   */
  async #requireNotHeld(s: ValidationSession, scope: RecordScope, id: string, t: Transition): Promise<void> {
    if (!entersPayroll(t)) return;
    const hold = (await holdsOf(s.tx, scope, [id])).get(id);
    if (!hold) return;
    const removed = labelled(hold.removed, await this.decisions.reasonCodes.labels(scope.tenantId, s.tx));
    throw conflict(heldByRemovedIdentityMessage(removed), { flagId: hold.flagId ?? '' });
  }

  async history(actor: Actor, id: string, page: { page: number; pageSize: number }) {
    const scope = recordScopeOf(actor);
    if (!(await this.records.findById(scope, id))) throw notFound('Record not found');
    const { rows, total } = await this.repo.history(scope, id, page);
    return {
      items: rows.map((e) => ({
        id: e.id,
        at: e.createdAt.toISOString(),
        action: e.action,
        actorEmail: e.actorEmail,
        before: (e.before as Record<string, unknown> | null) ?? null,
        after: (e.after as Record<string, unknown> | null) ?? null,
        note: e.note,
      })),
      total,
      ...page,
    };
  }

  async #decide(
    actor: Actor,
    id: string,
    version: number | undefined,
    act: (
      s: ValidationSession,
      rec: LockedRecord,
    ) => Promise<{ action: string; after: Record<string, unknown>; note?: string }>,
  ): Promise<void> {
    const scope = recordScopeOf(actor);
    await this.repo.inTransaction(scope, async (s) => {
      const rec = await s.lock(id);
      if (!rec) throw notFound('Record not found');
      if (version !== undefined && version !== rec.version)
        throw conflict(M.stale, { currentVersion: rec.version });
      const { action, after, note } = await act(s, rec);
      const changes = diff(view(rec), after);
      await this.audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          action,
          entityType: 'record',
          entityId: id,
          address: actor.address ?? null,
          before: changes.before,
          after: changes.after,
          note: note ?? null,
        },
        s.tx,
      );
    });
  }

  /** One record in full (GET /records/:id; the audit hook writes its RECORD_VIEWED). */
  async record(actor: Actor, id: string): Promise<MasterRecord> {
    return this.#reload(actor, id);
  }

  async #reload(actor: Actor, id: string): Promise<MasterRecord> {
    const row = await this.records.findById(recordScopeOf(actor), id);
    if (!row) throw notFound('Record not found');
    return toMasterRecord(row);
  }
}
