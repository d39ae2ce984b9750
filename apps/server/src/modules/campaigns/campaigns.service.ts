import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import {
  CAMPAIGN_MESSAGES as M,
  campaignStateOn,
  graceEndsOn,
  addDays,
  type Campaign,
  type CampaignCreateSchema,
  type CampaignExcusal,
  type CampaignExcuseSchema,
  type CampaignProgress,
  CampaignProgressSchema,
  type CampaignReport,
  CAMPAIGN_REPORT_TOTAL,
  campaignReportFileName,
  type NoShowsPage,
  type NoShowsQuerySchema,
  type NoShowSuspension,
  type ReminderRun,
  type SuspendNoShowsSchema,
  noShowsFileName,
  type CampaignExtendSchema,
} from '@portal/contract/campaigns';
import type { AppealFigures } from '@portal/contract/appeals';
import { koboToNaira } from '@portal/contract/payroll';
import { dayIn } from '@portal/contract/time-zone';
import { scopeOf, tenantScope, type Actor, type TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { EncodedAnswer } from '../../platform/encoded-answer.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type {
  CampaignDecisions,
  ExcusalPayload,
  FourEyes,
  SuspensionPayload,
} from '../approvals/four-eyes.ts';
import type { CampaignRow, CampaignsRepo, ExtensionRow, Suspender, SuspensionRow } from './campaigns.repo.ts';

type CreateInput = z.output<typeof CampaignCreateSchema>;
type ExtendInput = z.output<typeof CampaignExtendSchema>;
type ExcuseInput = z.output<typeof CampaignExcuseSchema>;
type NoShowsQuery = z.output<typeof NoShowsQuerySchema>;
type SuspendInput = z.output<typeof SuspendNoShowsSchema>;

/** Which of the ids are the tenant's own ministries (or departments): the people module's check. */
export interface OrgStructure {
  countOwned(scope: TenantScope, kind: 'ministry' | 'department', ids: string[]): Promise<number>;
}

export interface CampaignsDeps {
  repo: CampaignsRepo;
  audit: AuditRepo;
  org: OrgStructure;
  /** The tenant's time zone (platform/tenant-time-zone.ts). */
  timeZoneOf: (tenantId: string, orm?: Orm) => Promise<string>;
  /** The clock (tests and, later, the demo's test clock move it; DECISIONS 168). */
  now: () => Date;
  /** The second approver (issue #30): an excusal waits for one when the tenant asks. */
  fourEyes: FourEyes;
  /** How old a progress answer may be (config PROGRESS_MAX_AGE_SECONDS; 0: always counted). */
  progressMaxAgeMs?: number;
  /** The appeals of the people an exercise suspended (issue #34 item 5), for its report. */
  appealFigures: ExerciseAppealFigures;
}

/** What appeals came to (a port: the appeals module's figures, passed by app.ts). */
export interface ExerciseAppealFigures {
  figures(scope: TenantScope, of: { campaignId: string }): Promise<AppealFigures>;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** A progress and its answer, checked against the contract and serialized once. */
interface ProgressAnswer {
  progress: CampaignProgress;
  encoded: EncodedAnswer;
}

function answerOf(counted: CampaignProgress): ProgressAnswer {
  const progress = CampaignProgressSchema.parse(counted);
  return { progress, encoded: new EncodedAnswer(Buffer.from(JSON.stringify(progress), 'utf8')) };
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'). */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * Verification exercises (issue #33, first slice): create, list, read, extend. Every rule that
 * depends on other exercises is checked inside the tenant's exercise lock, so two requests at once
 * cannot both pass it (DECISIONS 170).
 */
export class CampaignsService implements CampaignDecisions {
  /**
   * Recent progress answers by exercise (DECISIONS 185): lru-cache's fetch answers a fresh one,
   * shares one count among the readers who ask while it runs, and answers a stale one at once while
   * it counts again in the background. Its clock is the portal's. Each answer is kept checked
   * against the contract, serialized once and compressed once per encoding (EncodedAnswer): an
   * answer over 2,000 postings is about 600 KB, and checking, serializing and compressing it per
   * request cost tens of milliseconds (DECISIONS 189).
   */
  readonly #progress: LRUCache<string, ProgressAnswer, { scope: TenantScope; c: CampaignRow }> | null;

  constructor(private readonly deps: CampaignsDeps) {
    const maxAge = deps.progressMaxAgeMs ?? 0;
    this.#progress =
      maxAge > 0
        ? new LRUCache({
            max: 1000,
            ttl: maxAge,
            allowStale: true,
            perf: { now: () => deps.now().getTime() },
            fetchMethod: async (_key, _stale, { context, options }) => {
              const started = performance.now();
              const counted = answerOf(await this.#countProgress(context.scope, context.c));
              // A count that takes long is not started again at once: an answer lives at least
              // three counts' time, so recounting takes at most a third of one connection.
              options.ttl = Math.max(maxAge, 3 * (performance.now() - started));
              return counted;
            },
          })
        : null;
  }

  /** Today in the tenant's zone. */
  async #today(scope: TenantScope, orm?: Orm): Promise<string> {
    return dayIn(this.deps.now(), await this.deps.timeZoneOf(scope.tenantId, orm));
  }

  async create(actor: Actor, input: CreateInput): Promise<Campaign> {
    const scope = scopeOf(actor);
    const ministryIds = unique(input.ministryIds);
    const departmentIds = unique(input.departmentIds);
    const today = await this.#today(scope);
    if (input.opensOn < today) throw badRequest(M.opensInPast, { opensOn: M.opensInPast });
    await this.#checkOwned(scope, ministryIds, departmentIds);
    const { repo } = this.deps;
    const row = await repo.locked(scope, async (tx) => {
      await this.#refuseOverlap(tx, scope, today, {
        ministryIds,
        departmentIds,
        opensOn: input.opensOn,
        graceEndsOn: graceEndsOn(input),
      });
      const created = await repo.insert(tx, scope, {
        name: input.name,
        ministryIds,
        departmentIds,
        opensOn: input.opensOn,
        closesOn: input.closesOn,
        graceDays: input.graceDays,
        documents: input.documents,
        createdBy: actor.userId,
        createdByEmail: actor.email,
      });
      await this.deps.audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'CAMPAIGN_CREATED',
          entityType: 'campaign',
          entityId: created.id,
          before: null,
          after: {
            name: created.name,
            ministryIds,
            departmentIds,
            opensOn: created.opensOn,
            closesOn: created.closesOn,
            graceDays: created.graceDays,
            documents: created.documents,
          },
        },
        tx,
      );
      return created;
    });
    return (await this.#views(scope, [row], today))[0]!;
  }

  async list(actor: Actor): Promise<Campaign[]> {
    const scope = scopeOf(actor);
    return this.#views(scope, await this.deps.repo.list(scope), await this.#today(scope));
  }

  async get(actor: Actor, id: string): Promise<Campaign> {
    const scope = scopeOf(actor);
    const row = await this.deps.repo.find(scope, id);
    if (!row) throw notFound(M.notFound);
    return (await this.#views(scope, [row], await this.#today(scope)))[0]!;
  }

  /**
   * A later closing day, with a reason (DECISIONS 171): never the same or an earlier one, never a
   * day already past, not once the exercise has closed, and not into another exercise's window of
   * an overlapping scope.
   */
  async extend(actor: Actor, id: string, input: ExtendInput): Promise<Campaign> {
    const scope = scopeOf(actor);
    const { repo } = this.deps;
    const today = await this.#today(scope);
    const row = await repo.locked(scope, async (tx) => {
      const c = await repo.find(scope, id, tx);
      if (!c) throw notFound(M.notFound);
      if (campaignStateOn(c, today) === 'CLOSED') throw conflict(M.closed);
      if (input.closesOn <= c.closesOn) throw badRequest(M.cannotShorten, { closesOn: M.cannotShorten });
      if (input.closesOn < today) throw badRequest(M.extendToPast, { closesOn: M.extendToPast });
      await this.#refuseOverlap(
        tx,
        scope,
        today,
        {
          ministryIds: c.ministryIds,
          departmentIds: c.departmentIds,
          opensOn: c.opensOn,
          graceEndsOn: graceEndsOn({ closesOn: input.closesOn, graceDays: c.graceDays }),
        },
        c.id,
      );
      await repo.extend(tx, scope, c, input.closesOn, input.reason, actor);
      await this.deps.audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'CAMPAIGN_EXTENDED',
          entityType: 'campaign',
          entityId: c.id,
          before: { closesOn: c.closesOn },
          after: { closesOn: input.closesOn },
          note: input.reason,
        },
        tx,
      );
      return (await repo.find(scope, id, tx))!;
    });
    return (await this.#views(scope, [row], today))[0]!;
  }

  /**
   * Who has appeared (issue #33 item 4): the counts of the scope, by posting, by day (every day from
   * the opening to today or to the end of grace, whichever is first) and by field agent. Late: a
   * first appearance after the grace.
   */
  async progress(actor: Actor, id: string): Promise<CampaignProgress> {
    return (await this.#progressAnswer(actor, id)).progress;
  }

  /** The progress as the API sends it: JSON checked against the contract (see `#progress`). */
  async progressAnswer(actor: Actor, id: string): Promise<EncodedAnswer> {
    return (await this.#progressAnswer(actor, id)).encoded;
  }

  async #progressAnswer(actor: Actor, id: string): Promise<ProgressAnswer> {
    const scope = scopeOf(actor);
    const c = await this.deps.repo.find(scope, id);
    if (!c) throw notFound(M.notFound);
    if (!this.#progress) return answerOf(await this.#countProgress(scope, c));
    // An extension changes the exercise's row: its counts are read afresh.
    const key = `${c.id}:${c.updatedAt.getTime()}`;
    return (await this.#progress.fetch(key, { context: { scope, c } }))!;
  }

  async #countProgress(scope: TenantScope, c: CampaignRow): Promise<CampaignProgress> {
    const { repo } = this.deps;
    const computedAt = this.deps.now();
    const today = await this.#today(scope);
    const days = { opensOn: c.opensOn, graceEndsOn: graceEndsOn(c) };
    const [postings, perDay, perAgent] = await Promise.all([
      repo.progressByPosting(scope, c, days),
      repo.appearancesByDay(scope, c, days),
      repo.appearancesByAgent(scope, c, days),
    ]);
    const sum = (
      k: 'inScope' | 'appeared' | 'late' | 'excused' | 'remaining' | 'remainingKobo' | 'remainingPayUnknown',
    ) => postings.reduce((n, p) => n + p[k], 0);
    const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
    const lastDay = today < days.graceEndsOn ? today : days.graceEndsOn;
    const counted = new Map(perDay.map((d) => [d.day, d]));
    const byDay: CampaignProgress['byDay'] = [];
    for (let d = c.opensOn; d <= lastDay; d = addDays(d, 1))
      byDay.push(counted.get(d) ?? { day: d, appeared: 0, online: 0, withAgent: 0 });
    const agents = new Map<string, CampaignProgress['byAgent'][number]>();
    for (const row of perAgent) {
      const key = row.agentId ?? `email:${row.agentEmail}`;
      const agent = agents.get(key) ?? {
        agent: { id: row.agentId, email: row.agentEmail },
        appeared: 0,
        byDay: [],
      };
      agent.appeared += row.appeared;
      agent.byDay.push({ day: row.day, appeared: row.appeared });
      agents.set(key, agent);
    }
    return {
      campaignId: c.id,
      state: campaignStateOn(c, today),
      today,
      daysLeft: today > c.closesOn ? 0 : daysBetween(today < c.opensOn ? c.opensOn : today, c.closesOn) + 1,
      computedAt: computedAt.toISOString(),
      inScope: sum('inScope'),
      appeared: sum('appeared'),
      late: sum('late'),
      excused: sum('excused'),
      remaining: sum('remaining'),
      remainingMonthlyPay: koboToNaira(sum('remainingKobo')),
      remainingPayUnknown: sum('remainingPayUnknown'),
      byMinistry: postings.map((p) => ({
        ministry: named(p.ministryId, p.ministryName),
        department: named(p.departmentId, p.departmentName),
        inScope: p.inScope,
        appeared: p.appeared,
        late: p.late,
        excused: p.excused,
        remaining: p.remaining,
        remainingMonthlyPay: koboToNaira(p.remainingKobo),
        remainingPayUnknown: p.remainingPayUnknown,
      })),
      byAgent: [...agents.values()].sort(
        (a, b) => b.appeared - a.appeared || a.agent.email.localeCompare(b.agent.email),
      ),
      byDay,
    };
  }

  /**
   * The exercise's report (issue #33 item 7): the progress's counts by posting with the no-shows
   * (the remaining once closed), those this exercise suspended, those of them still suspended and
   * the ₦ a month held. Read from the same query as the progress, so the two never disagree.
   */
  async report(actor: Actor, id: string): Promise<CampaignReport> {
    const scope = scopeOf(actor);
    const { repo } = this.deps;
    const c = await repo.find(scope, id);
    if (!c) throw notFound(M.notFound);
    const today = await this.#today(scope);
    const state = campaignStateOn(c, today);
    const postings = await repo.progressByPosting(scope, c, {
      opensOn: c.opensOn,
      graceEndsOn: graceEndsOn(c),
    });
    const counts = (p: (typeof postings)[number]) => ({
      inScope: p.inScope,
      appeared: p.appeared,
      late: p.late,
      excused: p.excused,
      noShows: state === 'CLOSED' ? p.remaining : 0,
      suspended: p.suspended,
      stillSuspended: p.stillSuspended,
      monthlyPayHeld: koboToNaira(p.heldKobo),
      payUnknownHeld: p.heldPayUnknown,
    });
    const rows = postings.map((p) => ({
      ministry: p.ministryId ? { id: p.ministryId, name: p.ministryName ?? '' } : null,
      department: p.departmentId ? { id: p.departmentId, name: p.departmentName ?? '' } : null,
      ...counts(p),
    }));
    const total = (k: keyof ReturnType<typeof counts>) => rows.reduce((n, r) => n + r[k], 0);
    return {
      campaignId: c.id,
      name: c.name,
      state,
      opensOn: c.opensOn,
      closesOn: c.closesOn,
      graceEndsOn: graceEndsOn(c),
      today,
      inScope: total('inScope'),
      appeared: total('appeared'),
      late: total('late'),
      excused: total('excused'),
      noShows: total('noShows'),
      suspended: total('suspended'),
      stillSuspended: total('stillSuspended'),
      monthlyPayHeld: koboToNaira(postings.reduce((n, p) => n + p.heldKobo, 0)),
      payUnknownHeld: total('payUnknownHeld'),
      byMinistry: rows,
      appeals: await this.deps.appealFigures.figures(scope, { campaignId: c.id }),
    };
  }

  /**
   * The report as CSV lines: a row per posting, then the total (the pay to the kobo); every cell
   * written by the database's `csv_field`, as in the payroll file.
   */
  async reportCsv(actor: Actor, id: string): Promise<{ fileName: string; lines: string[] }> {
    const r = await this.report(actor, id);
    const row = (
      ministry: string,
      department: string,
      x: Omit<CampaignReport['byMinistry'][number], 'ministry' | 'department'>,
    ) => [
      ministry,
      department,
      x.inScope,
      x.appeared,
      x.late,
      x.excused,
      x.noShows,
      x.suspended,
      x.stillSuspended,
      x.monthlyPayHeld.toFixed(2),
      x.payUnknownHeld,
    ];
    return {
      fileName: campaignReportFileName(r.campaignId, r.today),
      lines: await this.deps.repo.csvLines([
        ...r.byMinistry.map((p) => row(p.ministry?.name ?? '', p.department?.name ?? '', p)),
        row(CAMPAIGN_REPORT_TOTAL, '', r),
      ]),
    };
  }

  /**
   * Excuses one person of the scope (issue #33 item 2; DECISIONS 178): at once, or, with the second
   * approver on, once a different tenant admin approves. Refused for a person outside the scope
   * (404), one who appeared, is excused or awaits an excusal, and once the exercise has closed (409).
   * Under the tenant's exercise lock: two requests for one person cannot both pass the checks.
   */
  async excuse(actor: Actor, id: string, input: ExcuseInput): Promise<CampaignExcusal> {
    const scope = scopeOf(actor);
    const today = await this.#today(scope);
    const { repo, fourEyes } = this.deps;
    return repo.locked(scope, async (tx) => {
      const { c, person } = await this.#excusable(tx, scope, id, input.recordId, today);
      const payload: ExcusalPayload = {
        campaignId: c.id,
        campaignName: c.name,
        recordId: person.id,
        fullName: person.fullName,
        psn: person.psn,
        reasonCode: input.reasonCode,
        note: input.note,
      };
      const answer = {
        campaignId: c.id,
        recordId: person.id,
        reasonCode: input.reasonCode,
        note: input.note,
      };
      if (await fourEyes.secondApproverOn(actor, tx)) {
        if (await fourEyes.excusalPending(tx, scope.tenantId, { campaignId: c.id, recordId: person.id }))
          throw conflict(M.excusalPending);
        const approvalId = await fourEyes.holdExcusal(tx, actor, payload);
        return { ...answer, status: 'PENDING_APPROVAL', approvalId };
      }
      await this.#writeExcusal(tx, scope, payload, { userId: actor.userId, email: actor.email }, actor, null);
      return { ...answer, status: 'EXCUSED', approvalId: null };
    });
  }

  /** CampaignDecisions: a different tenant admin approved an excusal; the checks are made again, now. */
  async applyExcusal(
    tx: Orm,
    tenantId: string,
    e: ExcusalPayload,
    maker: { userId: string | null; email: string },
    checker: Actor,
  ): Promise<void> {
    const scope = scopeOf(checker);
    if (scope.tenantId !== tenantId) throw notFound(M.notFound);
    await this.deps.repo.lock(tx, scope);
    await this.#excusable(tx, scope, e.campaignId, e.recordId, await this.#today(scope, tx));
    await this.#writeExcusal(
      tx,
      scope,
      e,
      maker,
      checker,
      `Approved by the second approver ${checker.email}`,
    );
  }

  async #excusable(tx: Orm, scope: TenantScope, id: string, recordId: string, today: string) {
    const { repo } = this.deps;
    const c = await repo.find(scope, id, tx);
    if (!c) throw notFound(M.notFound);
    if (campaignStateOn(c, today) === 'CLOSED') throw conflict(M.excuseClosed);
    const person = await repo.expectedPerson(tx, scope, c, recordId);
    if (!person) throw notFound(M.recordNotInScope);
    if (person.firstDay) throw conflict(M.alreadyAppeared);
    if (person.excused) throw conflict(M.alreadyExcused);
    return { c, person };
  }

  async #writeExcusal(
    tx: Orm,
    scope: TenantScope,
    e: ExcusalPayload,
    maker: { userId: string | null; email: string },
    actor: Actor,
    approval: string | null,
  ): Promise<void> {
    await this.deps.repo.insertExcusal(tx, scope, { ...e, by: maker });
    await this.deps.audit.append(
      {
        tenantId: scope.tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        address: actor.address ?? null,
        action: 'CAMPAIGN_EXCUSED',
        entityType: 'record',
        entityId: e.recordId,
        after: {
          campaignId: e.campaignId,
          campaign: e.campaignName,
          reasonCode: e.reasonCode,
          excusedBy: maker.email,
        },
        note: approval ? `${e.note} (${approval})` : e.note,
      },
      tx,
    );
  }

  /**
   * The no-shows (issue #33 item 5): listed from the day after the last day of grace (before it,
   * an empty page with `listed` false), everyone the exercise expects who never appeared since the
   * opening and is not excused, with their pay.
   */
  async noShows(actor: Actor, id: string, q: NoShowsQuery): Promise<NoShowsPage> {
    const { scope, c, listed } = await this.#noShowsOf(actor, id);
    const empty = { items: [], total: 0, page: q.page, pageSize: q.pageSize, monthlyPay: 0, payUnknown: 0 };
    if (!listed) {
      return { ...empty, listed, graceEndsOn: graceEndsOn(c), suspendable: 0, suspensionPending: false };
    }
    const { repo } = this.deps;
    const [totals, rows, suspensionPending] = await Promise.all([
      repo.noShowTotals(scope, c),
      repo.noShowsPage(scope, c, q.page, q.pageSize),
      repo.pendingSuspension(undefined, scope, c.id),
    ]);
    return {
      items: rows.map((r) => ({
        recordId: r.id,
        fullName: r.full_name,
        psn: r.psn,
        employeeId: r.employee_id,
        ministry: r.ministry,
        department: r.department,
        status: r.status,
        monthlyGrossPay: r.monthly_gross_kobo == null ? null : koboToNaira(Number(r.monthly_gross_kobo)),
      })),
      total: totals.total,
      page: q.page,
      pageSize: q.pageSize,
      listed,
      graceEndsOn: graceEndsOn(c),
      monthlyPay: koboToNaira(totals.kobo),
      payUnknown: totals.unknown,
      suspendable: totals.suspendable,
      suspensionPending,
    };
  }

  /** The no-shows' CSV (no lines before they are listed); the download is audited. */
  async noShowsCsv(actor: Actor, id: string): Promise<{ fileName: string; lines: AsyncGenerator<string> }> {
    const { scope, c, listed, today } = await this.#noShowsOf(actor, id);
    const totals = listed ? await this.deps.repo.noShowTotals(scope, c) : { total: 0, kobo: 0, unknown: 0 };
    await this.deps.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
      action: 'CAMPAIGN_NO_SHOWS_DOWNLOADED',
      entityType: 'campaign',
      entityId: c.id,
      after: { listed, noShows: totals.total, monthlyPay: koboToNaira(totals.kobo) },
    });
    async function* none(): AsyncGenerator<string> {}
    return {
      fileName: noShowsFileName(c.id, today),
      lines: listed ? this.deps.repo.noShowsCsv(scope, c) : none(),
    };
  }

  async #noShowsOf(actor: Actor, id: string) {
    const scope = scopeOf(actor);
    const c = await this.deps.repo.find(scope, id);
    if (!c) throw notFound(M.notFound);
    const today = await this.#today(scope);
    return { scope, c, today, listed: campaignStateOn(c, today) === 'CLOSED' };
  }

  /**
   * Suspends the no-shows (issue #33 item 5; DECISIONS 180), once they are listed: the list is frozen
   * now (those awaiting a decision are left for it); each of it still a no-show moves to SUSPENDED
   * through record-state, audited per record with reason NO_SHOW, at once or, with the second
   * approver on, once a different tenant admin approves. Under the tenant's exercise lock.
   */
  async suspendNoShows(actor: Actor, id: string, input: SuspendInput): Promise<NoShowSuspension> {
    const scope = scopeOf(actor);
    const today = await this.#today(scope);
    const { repo, fourEyes } = this.deps;
    const row = await repo.locked(scope, async (tx) => {
      const c = await repo.find(scope, id, tx);
      if (!c) throw notFound(M.notFound);
      if (campaignStateOn(c, today) !== 'CLOSED') throw conflict(M.suspendBeforeClose(graceEndsOn(c)));
      if (await repo.pendingSuspension(tx, scope, c.id)) throw conflict(M.suspensionPending);
      const by = { userId: actor.userId, email: actor.email, address: actor.address ?? null };
      const s = await repo.freezeNoShows(tx, scope, c, by, input.note);
      if (s.listed === 0) throw conflict(M.nothingToSuspend);
      if (await fourEyes.secondApproverOn(actor, tx)) {
        const approvalId = await fourEyes.holdSuspension(tx, actor, suspensionPayload(c, s), input.note);
        await repo.setSuspensionApproval(tx, s.id, approvalId);
        return { ...s, approvalId };
      }
      return this.#suspend(tx, scope, c, s, by, null);
    });
    return suspensionView(row);
  }

  /** CampaignDecisions: a different tenant admin approved the suspension; applied to the list as it is now. */
  async applySuspension(
    tx: Orm,
    tenantId: string,
    p: SuspensionPayload,
    _maker: { userId: string | null; email: string },
    checker: Actor,
  ): Promise<void> {
    const scope = scopeOf(checker);
    if (scope.tenantId !== tenantId) throw notFound(M.notFound);
    const { repo } = this.deps;
    await repo.lock(tx, scope);
    const c = await repo.find(scope, p.campaignId, tx);
    const s = await repo.findSuspension(tx, scope, p.suspensionId);
    if (!c || !s) throw notFound(M.notFound);
    if (s.status !== 'PENDING_APPROVAL') throw conflict(M.suspensionPending);
    const by = { userId: checker.userId, email: checker.email, address: checker.address ?? null };
    await this.#suspend(tx, scope, c, s, by, checker.email);
  }

  /** CampaignDecisions: declined or withdrawn, the suspension closes and no record moves. */
  async closeSuspension(
    tx: Orm,
    tenantId: string,
    p: SuspensionPayload,
    status: 'DECLINED' | 'WITHDRAWN',
  ): Promise<void> {
    await this.deps.repo.closeSuspension(tx, tenantScope(tenantId), p.suspensionId, { status });
  }

  /** The exercise's reminder runs, newest first, with their counts per channel (issue #33 item 3). */
  async reminders(actor: Actor, id: string): Promise<ReminderRun[]> {
    const scope = scopeOf(actor);
    const c = await this.deps.repo.find(scope, id);
    if (!c) throw notFound(M.notFound);
    return this.deps.repo.reminderRuns(scope, c);
  }

  /** The exercise's suspensions, newest first. */
  async suspensions(actor: Actor, id: string): Promise<NoShowSuspension[]> {
    const scope = scopeOf(actor);
    const c = await this.deps.repo.find(scope, id);
    if (!c) throw notFound(M.notFound);
    return (await this.deps.repo.suspensions(scope, c.id)).map(suspensionView);
  }

  async #suspend(
    tx: Orm,
    scope: TenantScope,
    c: CampaignRow,
    s: SuspensionRow,
    by: Suspender,
    approvedBy: string | null,
  ): Promise<SuspensionRow> {
    const { repo, audit } = this.deps;
    const why = `Did not appear in the verification exercise '${c.name}' (${c.opensOn} to ${c.closesOn}, grace until ${graceEndsOn(c)})`;
    const approval = approvedBy
      ? ` (asked by ${s.requestedByEmail}; approved by the second approver ${approvedBy})`
      : '';
    const note = `${why}${s.note ? `. ${s.note}` : ''}${approval}`;
    const applied = await repo.applySuspension(tx, scope, c, s, by, note);
    const row = await repo.closeSuspension(tx, scope, s.id, { status: 'APPLIED', ...applied });
    if (!row) throw conflict(M.suspensionPending);
    await audit.append(
      {
        tenantId: scope.tenantId,
        actorUserId: by.userId,
        actorEmail: by.email,
        address: by.address,
        action: 'CAMPAIGN_NO_SHOWS_SUSPENDED',
        entityType: 'campaign',
        entityId: c.id,
        after: {
          suspensionId: s.id,
          listed: s.listed,
          suspended: applied.suspended,
          skipped: applied.skipped,
          monthlyPay: koboToNaira(applied.kobo),
          requestedBy: s.requestedByEmail,
        },
        note: `${s.note ?? ''}${approval}`.trim() || null,
      },
      tx,
    );
    return row;
  }

  async #refuseOverlap(
    tx: Orm,
    scope: TenantScope,
    today: string,
    window: Parameters<CampaignsRepo['overlapping']>[2],
    exceptId: string | null = null,
  ): Promise<void> {
    const other = await this.deps.repo.overlapping(tx, scope, window, today, exceptId);
    if (other)
      throw conflict(M.overlaps({ ...other, graceEndsOn: graceEndsOn(other) }), { campaignId: other.id });
  }

  /** Ids of another tenant (or of nothing) are refused, never dropped (as a reviewer's assignments). */
  async #checkOwned(scope: TenantScope, ministryIds: string[], departmentIds: string[]): Promise<void> {
    const { org } = this.deps;
    if ((await org.countOwned(scope, 'ministry', ministryIds)) !== ministryIds.length)
      throw badRequest(M.unknownMinistry, { ministryIds: M.unknownMinistry });
    if ((await org.countOwned(scope, 'department', departmentIds)) !== departmentIds.length)
      throw badRequest(M.unknownDepartment, { departmentIds: M.unknownDepartment });
  }

  async #views(scope: TenantScope, rows: CampaignRow[], today: string): Promise<Campaign[]> {
    const { repo } = this.deps;
    const names = await repo.names(scope, {
      ministryIds: unique(rows.flatMap((r) => r.ministryIds)),
      departmentIds: unique(rows.flatMap((r) => r.departmentIds)),
    });
    const extensions = await repo.extensions(
      scope,
      rows.map((r) => r.id),
    );
    const named = (ids: string[], map: Map<string, string>) =>
      ids
        .map((id) => ({ id, name: map.get(id) ?? '' }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      allRecords: r.ministryIds.length === 0 && r.departmentIds.length === 0,
      ministries: named(r.ministryIds, names.ministries),
      departments: named(r.departmentIds, names.departments),
      opensOn: r.opensOn,
      closesOn: r.closesOn,
      graceDays: r.graceDays,
      graceEndsOn: graceEndsOn(r),
      documents: r.documents,
      state: campaignStateOn(r, today),
      today,
      createdByEmail: r.createdByEmail,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      extensions: extensions.filter((e) => e.campaignId === r.id).map(extensionView),
    }));
  }
}

const extensionView = (e: ExtensionRow) => ({
  fromClosesOn: e.fromClosesOn,
  toClosesOn: e.toClosesOn,
  reason: e.reason,
  byEmail: e.extendedByEmail,
  at: e.extendedAt.toISOString(),
});

const suspensionPayload = (c: CampaignRow, s: SuspensionRow): SuspensionPayload => ({
  suspensionId: s.id,
  campaignId: c.id,
  campaignName: c.name,
  listed: s.listed,
  listedMonthlyPay: koboToNaira(s.listedKobo),
});

const suspensionView = (s: SuspensionRow): NoShowSuspension => ({
  id: s.id,
  campaignId: s.campaignId,
  status: s.status as NoShowSuspension['status'],
  approvalId: s.approvalId,
  listed: s.listed,
  listedMonthlyPay: koboToNaira(s.listedKobo),
  suspended: s.suspended,
  suspendedMonthlyPay: s.suspendedKobo == null ? null : koboToNaira(s.suspendedKobo),
  skipped: s.skipped,
  requestedByEmail: s.requestedByEmail,
  note: s.note,
  createdAt: s.createdAt.toISOString(),
  decidedAt: s.decidedAt ? s.decidedAt.toISOString() : null,
});
