import {
  APPEAL_AT_RISK_DAYS,
  APPEAL_MESSAGES as M,
  REINSTATING_DECISIONS,
  type Appeal,
  type AppealChannel,
  type AppealDeadlineState,
  type AppealDecision,
  type AppealsPage,
  type AppealsQuerySchema,
  type AppealCreateSchema,
  type AppealDecideSchema,
  type AttachmentContentType,
} from '@portal/contract/appeals';
import { koboToNaira } from '@portal/contract/payroll';
import { TenantSettingsSchema } from '@portal/contract/settings';
import type { OptimaPerson } from '@portal/optima/protocol';
import type { z } from 'zod';
import { recordScopeOf, scopeOf, tenantScope, type Actor, type TenantScope } from '../../access/actor.ts';
import type { AssignedScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AppealDecisionPayload, AppealDecisions, FourEyes } from '../approvals/four-eyes.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { matchSettingsOf } from '../identity/provider-settings.ts';
import { isOneOf, requireTransition, APPEALABLE } from '../records/record-state.ts';
import { comparisonOf } from '../verification/compare.ts';
import type { AppealRow, AppealsRepo, AppealedRecord } from './appeals.repo.ts';
import { arrearsKobo } from './arrears.ts';

type Query = z.output<typeof AppealsQuerySchema>;
type CreateInput = z.output<typeof AppealCreateSchema>;
type DecideInput = z.output<typeof AppealDecideSchema>;
type Who = { userId: string | null; email: string };

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const num = (v: string | number | null) => (v == null ? null : Number(v));

export interface AppealsDeps {
  repo: AppealsRepo;
  audit: AuditRepo;
  fourEyes: FourEyes;
  /** A reviewer's or an agent's assignments, read once (records repo). */
  withAssignments: <S extends TenantScope>(scope: S) => Promise<S & AssignedScope>;
  /** The portal's clock: lodging, deadlines and their states (tests move it). */
  now: () => Date;
}

/** The deadline state of an appeal at `now`. */
export function deadlineStateOf(a: Pick<AppealRow, 'status' | 'deadline_at' | 'decided_at'>, now: Date) {
  const deadline = new Date(a.deadline_at).getTime();
  if (a.status === 'DECIDED')
    return (
      a.decided_at && new Date(a.decided_at).getTime() <= deadline ? 'MET' : 'BREACHED'
    ) as AppealDeadlineState;
  if (deadline < now.getTime()) return 'BREACHED';
  return deadline - now.getTime() <= APPEAL_AT_RISK_DAYS * DAY_MS ? 'AT_RISK' : 'ON_TRACK';
}

/**
 * Appeals and reinstatement (issue #34). Lodged about a record off the payroll (record-state's
 * APPEALABLE) by the employee, an agent or a tenant admin; heard by tenant admins and reviewers
 * within their assignments; decided with a code and a note. A decision that puts the person back
 * (UPHELD, PARTLY_UPHELD) moves the record through record-state's REINSTATED to review and
 * computes the arrears from the export history; with the second approver on it waits for a
 * different tenant admin (four-eyes, kind APPEAL_REINSTATEMENT).
 */
export class AppealsService implements AppealDecisions {
  constructor(private readonly deps: AppealsDeps) {}

  /** The scope an actor reads appeals in: their records (a reviewer's assignments, an employee's own). */
  async #scope(actor: Actor): Promise<AssignedScope> {
    return this.deps.withAssignments(recordScopeOf(actor));
  }

  /**
   * Who reaches which appeal, as get() reads it: the actor's record scope, and an agent only the
   * appeals it lodged (attachments find their appeal with these). Read before a transaction.
   */
  async reachOf(actor: Actor): Promise<{ scope: AssignedScope; lodgedBy: string | undefined }> {
    return { scope: await this.#scope(actor), lodgedBy: actor.role === 'AGENT' ? actor.userId : undefined };
  }

  async lodge(actor: Actor, input: CreateInput, channel?: AppealChannel): Promise<Appeal> {
    const { repo, audit, now } = this.deps;
    const scope = await this.#scope(actor);
    const settings = await this.#settings(scope.tenantId);
    const id = await repo.orm.transaction(async (tx) => {
      const recordId =
        actor.role === 'SELF_SERVICE_USER'
          ? await repo.ownRecordId(tx, scope, actor.userId)
          : (input.recordId ?? null);
      if (!recordId) {
        if (actor.role === 'SELF_SERVICE_USER') throw conflict(M.noOwnRecord);
        throw badRequest(M.recordRequired, { recordId: M.recordRequired });
      }
      const rec = await repo.lockRecord(tx, scope, recordId);
      if (!rec) throw notFound(M.recordNotFound);
      return this.#lodge(tx, scope, rec, input, {
        channel:
          channel ??
          (actor.role === 'AGENT' ? 'AGENT' : actor.role === 'TENANT_ADMIN' ? 'LETTER' : 'EMPLOYEE'),
        by: { userId: actor.userId, email: actor.email },
        address: actor.address ?? null,
        deadlineDays: settings.appealDeadlineDays,
        now: now(),
        audit,
      });
    });
    return this.get(actor, id);
  }

  /**
   * Lodges an appeal about a locked record (the public page's path too: a person who proved who they
   * are, by the claim's identity check, with no account).
   */
  async lodgeFor(
    tx: Orm,
    scope: TenantScope,
    rec: AppealedRecord,
    input: { kind: string; grounds: string },
    channel: AppealChannel,
    by: Who | null,
    address: string | null,
  ): Promise<string> {
    const settings = await this.#settings(scope.tenantId, tx);
    return this.#lodge(tx, scope, rec, input, {
      channel,
      by: by ?? { userId: null, email: '' },
      address,
      deadlineDays: settings.appealDeadlineDays,
      now: this.deps.now(),
      audit: this.deps.audit,
    });
  }

  async #lodge(
    tx: Orm,
    scope: TenantScope,
    rec: AppealedRecord,
    input: { kind: string; grounds: string },
    o: {
      channel: AppealChannel;
      by: Who;
      address: string | null;
      deadlineDays: number;
      now: Date;
      audit: AuditRepo;
    },
  ): Promise<string> {
    const { repo } = this.deps;
    if (!isOneOf(APPEALABLE, rec.status)) throw conflict(M.notAppealable);
    if (await repo.hasOpen(tx, scope, rec.id)) throw conflict(M.alreadyOpen);
    const deadlineAt = new Date(o.now.getTime() + o.deadlineDays * DAY_MS);
    const id = await repo.insert(tx, scope, {
      recordId: rec.id,
      kind: input.kind,
      grounds: input.grounds,
      channel: o.channel,
      appealedStatus: rec.status,
      removedAt: await repo.removedAt(tx, scope, rec.id),
      lodgedBy: o.by.userId,
      lodgedByEmail: o.by.email || null,
      lodgedAt: o.now,
      deadlineAt,
    });
    await o.audit.append(
      {
        tenantId: scope.tenantId,
        actorUserId: o.by.userId,
        actorEmail: o.by.email || 'public appeal page',
        address: o.address,
        action: 'APPEAL_LODGED',
        entityType: 'record',
        entityId: rec.id,
        after: { appealId: id, kind: input.kind, channel: o.channel, deadline: deadlineAt.toISOString() },
        note: input.grounds,
      },
      tx,
    );
    return id;
  }

  async list(actor: Actor, q: Query): Promise<AppealsPage> {
    const scope = await this.#scope(actor);
    const now = this.deps.now();
    const { rows, total } = await this.deps.repo.page(
      scope,
      {
        status: q.status,
        deadline: q.deadline,
        kind: q.kind,
        lodgedBy: actor.role === 'AGENT' ? actor.userId : undefined,
      },
      now,
      q,
    );
    const pending = await this.#pendingDecisions(
      scope,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => {
        const { messages: _m, attachments: _a, grounds: _g, ...item } = this.#view(r, now, pending);
        return item;
      }),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async get(actor: Actor, id: string): Promise<Appeal> {
    const scope = await this.#scope(actor);
    const { repo } = this.deps;
    const row = await repo.find(repo.orm, scope, id, {
      lodgedBy: actor.role === 'AGENT' ? actor.userId : undefined,
    });
    if (!row) throw notFound(M.notFound);
    const [messages, attachments, pending] = await Promise.all([
      repo.messages(repo.orm, scope, id),
      repo.attachments(repo.orm, scope, id),
      this.#pendingDecisions(scope, [id]),
    ]);
    return {
      ...this.#view(row, this.deps.now(), pending),
      messages: messages.map((m) => ({
        id: m.id,
        type: m.type,
        text: m.body,
        byEmail: m.by_email,
        at: iso(m.at)!,
      })),
      attachments: attachments.map((a) => ({
        id: a.id,
        fileName: a.file_name,
        contentType: a.content_type as AttachmentContentType,
        sizeBytes: a.size_bytes,
        uploadedByEmail: a.uploaded_by_email,
        at: iso(a.at)!,
      })),
    };
  }

  /** In a transaction: the appeal in the actor's scope, locked, still being heard. */
  async #lockOpen(tx: Orm, actor: Actor, scope: AssignedScope, id: string): Promise<AppealRow> {
    const row = await this.deps.repo.find(tx, scope, id, {
      lock: true,
      lodgedBy: actor.role === 'AGENT' ? actor.userId : undefined,
    });
    if (!row) throw notFound(M.notFound);
    if (row.status === 'DECIDED') throw conflict(M.decided);
    if (row.status === 'AWAITING_APPROVAL') throw conflict(M.awaitingApproval);
    return row;
  }

  async assign(actor: Actor, id: string, handlerUserId: string): Promise<Appeal> {
    const { repo, audit } = this.deps;
    const scope = await this.#scope(actor);
    await repo.orm.transaction(async (tx) => {
      const row = await this.#lockOpen(tx, actor, scope, id);
      const handler = await repo.handlerOf(tx, scope, handlerUserId, row.record_id);
      if (!handler) throw badRequest(M.handlerNotFound, { handlerUserId: M.handlerNotFound });
      await repo.update(tx, scope, id, { handlerId: handler.id, handlerEmail: handler.email });
      await audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'APPEAL_ASSIGNED',
          entityType: 'record',
          entityId: row.record_id,
          before: { handler: row.handler_email },
          after: { appealId: id, handler: handler.email },
        },
        tx,
      );
    });
    return this.get(actor, id);
  }

  async ask(actor: Actor, id: string, question: string): Promise<Appeal> {
    const { repo, audit, now } = this.deps;
    const scope = await this.#scope(actor);
    await repo.orm.transaction(async (tx) => {
      const row = await this.#lockOpen(tx, actor, scope, id);
      await repo.addMessage(tx, scope, {
        appealId: id,
        type: 'QUESTION',
        body: question,
        by: { userId: actor.userId, email: actor.email },
        at: now(),
      });
      // Whoever asks first handles the appeal, unless it has a handler.
      await repo.update(tx, scope, id, {
        status: 'AWAITING_EMPLOYEE',
        ...(row.handler_id ? {} : { handlerId: actor.userId, handlerEmail: actor.email }),
      });
      await audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'APPEAL_QUESTION_ASKED',
          entityType: 'record',
          entityId: row.record_id,
          after: { appealId: id },
          note: question,
        },
        tx,
      );
    });
    return this.get(actor, id);
  }

  async answer(actor: Actor, id: string, text: string): Promise<Appeal> {
    const { repo, audit, now } = this.deps;
    const scope = await this.#scope(actor);
    await repo.orm.transaction(async (tx) => {
      const row = await this.#lockOpen(tx, actor, scope, id);
      if (row.status !== 'AWAITING_EMPLOYEE') throw conflict(M.notAwaitingEmployee);
      await repo.addMessage(tx, scope, {
        appealId: id,
        type: 'ANSWER',
        body: text,
        by: { userId: actor.userId, email: actor.email },
        at: now(),
      });
      await repo.update(tx, scope, id, { status: 'OPEN' });
      await audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'APPEAL_ANSWERED',
          entityType: 'record',
          entityId: row.record_id,
          after: { appealId: id },
          note: actor.role === 'TENANT_ADMIN' ? `Answer received by letter: ${text}` : text,
        },
        tx,
      );
    });
    return this.get(actor, id);
  }

  async decide(actor: Actor, id: string, d: DecideInput): Promise<Appeal> {
    const { repo, fourEyes } = this.deps;
    const scope = await this.#scope(actor);
    const reinstates = REINSTATING_DECISIONS.includes(d.decision);
    // Read before the decision's transaction (PGlite has one connection).
    const held = reinstates && (await fourEyes.secondApproverOn(actor));
    await repo.orm.transaction(async (tx) => {
      const row = await this.#lockOpen(tx, actor, scope, id);
      if (held) {
        // Refused now rather than at approval when nobody is left to reinstate.
        if (!isOneOf(APPEALABLE, row.record_status)) throw conflict(M.noLongerOff);
        await fourEyes.holdAppealDecision(tx, actor, {
          appealId: id,
          recordId: row.record_id,
          fullName: row.full_name,
          psn: row.psn,
          decision: d.decision,
          note: d.note,
          version: row.version + 1,
        });
        await repo.update(tx, scope, id, {
          status: 'AWAITING_APPROVAL',
          ...(row.handler_id ? {} : { handlerId: actor.userId, handlerEmail: actor.email }),
        });
        return;
      }
      await this.#apply(
        tx,
        scope,
        row,
        d.decision,
        d.note,
        { userId: actor.userId, email: actor.email },
        actor,
      );
    });
    return this.get(actor, id);
  }

  /** AppealDecisions: a different tenant admin approved the reinstating decision. */
  async applyAppealDecision(
    tx: Orm,
    tenantId: string,
    p: AppealDecisionPayload,
    maker: Who,
    checker: Actor,
  ): Promise<void> {
    const scope = scopeOf(checker);
    if (scope.tenantId !== tenantId) throw notFound(M.notFound);
    const row = await this.deps.repo.find(tx, scope, p.appealId, { lock: true });
    if (!row) throw notFound(M.notFound);
    if (row.status !== 'AWAITING_APPROVAL' || row.version !== p.version) throw conflict(M.decided);
    await this.#apply(tx, scope, row, p.decision as AppealDecision, p.note, maker, checker);
  }

  /** AppealDecisions: declined or withdrawn, the appeal is its handler's again, undecided. */
  async reopenAppeal(tx: Orm, tenantId: string, p: AppealDecisionPayload): Promise<void> {
    await this.deps.repo.reopen(tx, tenantScope(tenantId), p.appealId);
  }

  /**
   * The decision takes effect: a reinstating one moves the record back to review (compared again
   * with the source of truth's stored answer) and computes the arrears; every one closes the appeal.
   */
  async #apply(
    tx: Orm,
    scope: TenantScope,
    row: AppealRow,
    decision: AppealDecision,
    note: string,
    maker: Who,
    by: Actor,
  ): Promise<void> {
    const { repo, audit } = this.deps;
    const decidedAt = this.deps.now();
    const approved = maker.userId !== by.userId ? ` (approved by the second approver ${by.email})` : '';
    let reinstatement: Partial<Parameters<AppealsRepo['update']>[3]> = {};
    if (REINSTATING_DECISIONS.includes(decision)) {
      const rec = await repo.lockRecord(
        tx,
        { ...scope, reviewerId: null, ownerId: null } as AssignedScope,
        row.record_id,
      );
      if (!rec) throw notFound(M.recordNotFound);
      const options = matchSettingsOf(await repo.identitySourceConfig(tx, scope));
      const comparison = rec.sot_data
        ? comparisonOf(
            {
              fullName: rec.full_name,
              dateOfBirth: rec.date_of_birth,
              ministry: rec.ministry,
              department: rec.department,
              gradeLevel: rec.grade_level,
            },
            rec.sot_data as Partial<OptimaPerson>,
            options,
          )
        : null;
      const t = requireTransition(rec.status, { type: 'REINSTATED', comparison });
      await repo.reinstateRecord(tx, scope, rec.id, t.to);
      const periods = await repo.missedPeriods(tx, scope, rec.id, new Date(row.removed_at));
      const monthly = num(rec.monthly_gross_kobo);
      const owed = arrearsKobo(monthly, periods.length);
      reinstatement = {
        reinstatedTo: t.to,
        arrearsPeriods: periods,
        monthlyGrossKobo: monthly,
        arrearsKobo: owed,
      };
      await audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: maker.userId,
          actorEmail: maker.email,
          address: by.address ?? null,
          ...t.audit!,
          entityType: 'record',
          entityId: rec.id,
          after: {
            ...t.audit!.after,
            appealId: row.id,
            arrearsPeriods: periods.length,
            arrears: owed === null ? null : koboToNaira(owed),
          },
          note: `Appeal ${decision === 'UPHELD' ? 'upheld' : 'partly upheld'}: ${note}${approved}`,
        },
        tx,
      );
    }
    await repo.update(tx, scope, row.id, {
      status: 'DECIDED',
      decision,
      decisionNote: note,
      decidedAt,
      decidedBy: maker.userId,
      decidedByEmail: maker.email,
      ...(row.handler_id ? {} : { handlerId: maker.userId, handlerEmail: maker.email }),
      ...reinstatement,
    });
    await audit.append(
      {
        tenantId: scope.tenantId,
        actorUserId: maker.userId,
        actorEmail: maker.email,
        address: by.address ?? null,
        action: 'APPEAL_DECIDED',
        entityType: 'record',
        entityId: row.record_id,
        after: {
          appealId: row.id,
          decision,
          ...(reinstatement.reinstatedTo ? { status: reinstatement.reinstatedTo } : {}),
        },
        note: `${note}${approved}`,
      },
      tx,
    );
  }

  async #settings(tenantId: string, orm: Orm = this.deps.repo.orm) {
    return TenantSettingsSchema.parse((await this.deps.repo.tenantSettings(orm, tenantId)) ?? {});
  }

  async #pendingDecisions(
    scope: TenantScope,
    ids: string[],
  ): Promise<Map<string, { decision: AppealDecision; approvalId: string }>> {
    return this.deps.repo.pendingDecisions(scope, ids);
  }

  #view(
    r: AppealRow,
    now: Date,
    pending: Map<string, { decision: AppealDecision; approvalId: string }>,
  ): Appeal {
    const state = deadlineStateOf(r, now);
    const monthly = num(r.monthly_gross_kobo);
    const owed = num(r.arrears_kobo);
    return {
      id: r.id,
      recordId: r.record_id,
      fullName: r.full_name,
      psn: r.psn,
      ministry: r.ministry,
      department: r.department,
      recordStatus: r.record_status,
      appealedStatus: r.appealed_status,
      kind: r.kind as Appeal['kind'],
      grounds: r.grounds,
      channel: r.channel as AppealChannel,
      status: r.status,
      lodgedAt: iso(r.lodged_at)!,
      lodgedByEmail: r.lodged_by_email,
      deadline: iso(r.deadline_at)!,
      deadlineState: state,
      daysLeft:
        r.status === 'DECIDED'
          ? null
          : Math.floor((new Date(r.deadline_at).getTime() - now.getTime()) / DAY_MS),
      handler: r.handler_id && r.handler_email ? { id: r.handler_id, email: r.handler_email } : null,
      decision: r.decision as AppealDecision | null,
      decisionNote: r.decision_note,
      decidedAt: iso(r.decided_at),
      decidedByEmail: r.decided_by_email,
      pendingDecision: pending.get(r.id) ?? null,
      reinstatedTo: r.reinstated_to,
      arrears: r.arrears_periods
        ? {
            periods: r.arrears_periods,
            monthlyPay: monthly === null ? null : koboToNaira(monthly),
            amount: owed === null ? null : koboToNaira(owed),
          }
        : null,
      messages: [],
      attachments: [],
    };
  }
}
