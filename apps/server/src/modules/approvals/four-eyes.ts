import {
  APPROVAL_MESSAGES as M,
  type Approval,
  type ApprovalsPage,
  type ApprovalsQuerySchema,
  type ExportApprovalDetails,
  type SettingChange,
} from '@portal/contract/decisions';
import type { Role } from '@portal/contract/roles';
import {
  TenantSettingsSchema,
  type PendingSettingsChange,
  type TenantSettings,
} from '@portal/contract/settings';
import { reasonLabel } from '@portal/contract/integrity';
import { EXCUSAL_REASON_LABELS, type ExcusalReason } from '@portal/contract/campaigns';
import { koboToNaira } from '@portal/contract/payroll';
import type { z } from 'zod';
import { scopeOf, type Actor } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import {
  AWAITING_SECOND_APPROVAL,
  requireTransition,
  type Comparison,
  type RecordAuditEntry,
  type RecordEvent,
} from '../records/record-state.ts';
import type { RecordStatus } from '@portal/contract/records';
import type { ReasonCodesService } from './reason-codes.ts';
import { assertExportCurrent, holdExportDetails } from './export-changes.ts';
import {
  accountsForView,
  activatePendingAdmin,
  approvalsPage,
  closeApproval,
  completeExport,
  dropPendingAdmin,
  exportsForView,
  failExport,
  findApproval,
  hasPendingApproval,
  holdExportStatus,
  holdRecordStatus,
  insertApproval,
  lastApprovedExport,
  lockApproval,
  lockRecord,
  pendingForChecker,
  pendingOfKind,
  recordsForView,
  sameFamily,
  settleRecordStatus,
  tenantSettings,
  type ApprovalRow,
} from './four-eyes.repo.ts';

type Query = z.output<typeof ApprovalsQuerySchema>;
type Who = { userId: string | null; email: string };

/** What an approval of a record carries out (approvals.payload). */
interface RecordPayload {
  /** The record's version once it awaited approval: any change since refuses the approval. */
  version: number;
  from: RecordStatus;
}
interface ExportPayload {
  details: ExportApprovalDetails;
}
/** ADMIN_GRANT (issue #30): the account waiting for the tenant admin role. */
interface AdminGrantPayload {
  userId: string;
  fullName: string;
  email: string;
}
/** SETTINGS_CHANGE (issue #30): the whole settings before and after, and what differs. */
interface SettingsPayload {
  before: TenantSettings;
  after: TenantSettings;
  changes: SettingChange[];
}
/**
 * EXCUSAL (issue #33): one person excused from a verification exercise. The record is named in the
 * payload, not in approvals.record_id: a pending excusal does not hold the record's own decisions.
 */
export interface ExcusalPayload {
  campaignId: string;
  campaignName: string;
  recordId: string;
  fullName: string;
  psn: string | null;
  reasonCode: string;
  note: string;
}

/**
 * NO_SHOW_SUSPENSION (issue #33): an exercise's no-shows suspended in bulk. The list is frozen in
 * campaign_suspension_records when asked for; the payload names it and what the approver sees.
 */
export interface SuspensionPayload {
  suspensionId: string;
  campaignId: string;
  campaignName: string;
  listed: number;
  /** Naira a month of the list, of those whose pay is known. */
  listedMonthlyPay: number;
}

/**
 * APPEAL_REINSTATEMENT (issue #34): an appeal's decision that puts the person back on the path to
 * the payroll. The record is named in the payload, as an excusal's.
 */
export interface AppealDecisionPayload {
  appealId: string;
  recordId: string;
  fullName: string;
  psn: string | null;
  decision: string;
  note: string;
  /** The appeal's version when the decision was asked: any change since refuses the approval. */
  version: number;
}

/** The approvals whose outcome is a record's status (the others: an export, an account, settings). */
const onRecord = (kind: string) =>
  kind === 'REJECTION' || kind === 'INTEGRITY_CONFIRM' || kind === 'REVALIDATION';
/** The kinds whose decline or withdrawal writes its own audit entry (on the record, or the flag). */
const auditsItself = (kind: string) => onRecord(kind) || kind === 'FLAG_DISMISSAL';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/**
 * What a granted approval does to its record: a rejection or confirmation rejects it; an upload's
 * move out of the payroll (issue #30) is carried out: re-verification, or review after a posting or
 * grade change (its comparison kept in the payload).
 */
function grantOf(row: ApprovalRow): RecordEvent {
  if (row.kind !== 'REVALIDATION') return { type: 'SECOND_APPROVAL_GRANTED' };
  const { comparison } = row.payload as { comparison?: Comparison | null };
  return comparison ? { type: 'RECOMPARE_GRANTED', comparison } : { type: 'REVALIDATION_GRANTED' };
}

/** Whether the tenant asks for a second approver (its settings; read by every path that needs it). */
export async function secondApproverOn(orm: Orm, tenantId: string): Promise<boolean> {
  return TenantSettingsSchema.parse((await tenantSettings(orm, tenantId)) ?? {}).secondApprover;
}

/**
 * What a granted INTEGRITY_CONFIRM does to the integrity flag (a port: the integrity module
 * implements it and the composition root hands it in, as integrity already imports approvals).
 */
export interface IntegrityDecisions {
  /**
   * In the approval's transaction: the flag closes CONFIRMED with the maker's reason and note,
   * decided by the approver, and the record's other OPEN flags go (a rejected record is not judged).
   */
  confirm(
    tx: Orm,
    tenantId: string,
    c: {
      flagId: string;
      recordId: string;
      by: { userId: string; email: string };
      reasonCode: string;
      note: string | null;
    },
  ): Promise<void>;
  /** Once committed: the tenant's stored integrity summary counts the confirmation. */
  refreshSummary(tenantId: string): Promise<void>;
  /**
   * Issue #30, in a granted FLAG_DISMISSAL's transaction: the flag, still OPEN (so with the
   * evidence the maker saw), closes DISMISSED with the maker's reason and note, decided by the
   * approver; false when it is no longer OPEN (decided, or cleared by new evidence).
   */
  dismiss(
    tx: Orm,
    tenantId: string,
    d: { flagId: string; by: { userId: string; email: string }; reasonCode: string; note: string | null },
  ): Promise<boolean>;
}

/**
 * What an approved SETTINGS_CHANGE does to the settings (a port: the settings module implements it
 * and the composition root hands it in, as settings asks four-eyes whether a change waits).
 */
export interface CampaignDecisions {
  /**
   * In the approval's transaction: the excusal takes effect if it still can (the exercise open, the
   * person in scope, not appeared, not excused), else throws 409. Audited as the maker's, approved
   * by the checker.
   */
  applyExcusal(tx: Orm, tenantId: string, e: ExcusalPayload, maker: Who, checker: Actor): Promise<void>;
  /**
   * In the approval's transaction: the frozen list's records still no-shows are suspended, each
   * audited, the approver named.
   */
  applySuspension(tx: Orm, tenantId: string, s: SuspensionPayload, maker: Who, checker: Actor): Promise<void>;
  /** Declined or withdrawn: the suspension closes, no record moves. */
  closeSuspension(
    tx: Orm,
    tenantId: string,
    s: SuspensionPayload,
    status: 'DECLINED' | 'WITHDRAWN',
  ): Promise<void>;
}

/**
 * What an approved reinstatement does (a port: the appeals module implements it and the
 * composition root hands it in, as appeals asks four-eyes to hold a decision).
 */
export interface AppealDecisions {
  /** In the approval's transaction: the decision takes effect (the record back to review, arrears). */
  applyAppealDecision(
    tx: Orm,
    tenantId: string,
    p: AppealDecisionPayload,
    maker: Who,
    checker: Actor,
  ): Promise<void>;
  /** Declined or withdrawn: the appeal returns to its handler, undecided. */
  reopenAppeal(
    tx: Orm,
    tenantId: string,
    p: AppealDecisionPayload,
    outcome: 'DECLINED' | 'WITHDRAWN',
  ): Promise<void>;
}

export interface SettingsChanges {
  /**
   * In the approval's transaction, with the settings locked: they become `after` only while they are
   * still `before` (answers the sections changed), else null (changed meanwhile: 409). Audited as
   * changed by the checker, on the maker's request.
   */
  applyApproved(
    tx: Orm,
    tenantId: string,
    change: { before: TenantSettings; after: TenantSettings; makerEmail: string },
    by: Actor,
  ): Promise<string[] | null>;
  /** Once committed: what follows a change of these sections (the integrity rules run again). */
  changed(tenantId: string, sections: string[]): Promise<void>;
}

/** Nobody checks their own action: by account, and by address for an account since deleted. */
const isMaker = (row: ApprovalRow, actor: Who) =>
  (row.maker_user_id !== null && row.maker_user_id === actor.userId) ||
  row.maker_email.toLowerCase() === actor.email.toLowerCase();

/**
 * Why `actor` may not check `row`, or null (issue #22; #30). The maker never checks their own
 * action; only a tenant admin checks; and no account of the maker's family checks it: an account
 * the maker created (or that created the maker), or one created by the same tenant admin, down
 * the whole chain (four-eyes.repo `sameFamily`: who created each user, users.created_by). One
 * person with one admin account holds every account they create, so those accounts are not a
 * second pair of eyes; a family starts at an account the global admin created.
 */
async function checkerRefusal(orm: Orm, row: ApprovalRow, actor: Actor): Promise<string | null> {
  if (isMaker(row, actor)) return M.ownAction;
  if (actor.role !== 'TENANT_ADMIN') return M.checkerRole;
  if (row.maker_user_id !== null && (await sameFamily(orm, row.maker_user_id, actor.userId)))
    return M.sameCreator;
  return null;
}

/**
 * Whether a change of the settings waits for a second approver (issue #30): with the second
 * approver on, every change does (switching it off, and any threshold or rule switch, can hide a
 * ghost); with it off, none does (switching it on is therefore always immediate).
 */
export const settingsChangeWaits = (before: TenantSettings, changes: readonly unknown[]) =>
  before.secondApprover && changes.length > 0;

/**
 * Whether giving `role` to an account waits for a second approver (issue #30): a tenant admin made
 * by a tenant admin while the second approver is on. The global admin's own user management is
 * direct (their routes never ask).
 */
export const roleGrantWaits = (role: Role, secondApprover: boolean) =>
  secondApprover && role === 'TENANT_ADMIN';

/**
 * Four-eyes (issue #22), the one place where a rejection, an integrity confirmation and a payroll
 * export meet the tenant's second-approver setting. The paths that take such a decision (the
 * queues' decision, the integrity decision, the export job) ask `secondApproverOn` and, when on,
 * hand the decision here: a record moves to PENDING_SECOND_APPROVAL through record-state with its
 * status before kept beside it, an export ends AWAITING_APPROVAL; an approval row records what a
 * different tenant admin must approve. Approving, declining and withdrawing apply the outcome
 * through record-state in one transaction with the approval row.
 */
export class FourEyes {
  constructor(
    private readonly orm: Orm,
    private readonly audit: AuditRepo,
    private readonly reasonCodes: ReasonCodesService,
    private readonly integrity: IntegrityDecisions,
  ) {}

  #settings: SettingsChanges | undefined;
  #campaigns: CampaignDecisions | undefined;
  /** The composition root hands in the exercises' side (they ask each other, as the settings do). */
  applyCampaignsWith(campaigns: CampaignDecisions): void {
    this.#campaigns = campaigns;
  }

  #appeals: AppealDecisions | undefined;
  /** The composition root hands in the appeals' side (issue #34). */
  applyAppealsWith(appeals: AppealDecisions): void {
    this.#appeals = appeals;
  }

  #appealsPort(): AppealDecisions {
    if (!this.#appeals) throw new Error('four-eyes: the appeals module was not handed in');
    return this.#appeals;
  }

  /**
   * The approval row and its APPROVAL_REQUESTED audit event, in the maker's transaction: what every
   * hold that is not a record's own status change writes (the audit event names the approval).
   */
  async #request(
    tx: Orm,
    maker: { tenantId: string; userId: string | null; email: string; address?: string | null },
    approval: Omit<Parameters<typeof insertApproval>[1], 'tenantId' | 'makerUserId' | 'makerEmail'>,
    event: { entityType: string; entityId: string; before?: unknown; after: Record<string, unknown> },
  ): Promise<string> {
    const approvalId = await insertApproval(tx, {
      ...approval,
      tenantId: maker.tenantId,
      makerUserId: maker.userId,
      makerEmail: maker.email,
    });
    await this.audit.append(
      {
        tenantId: maker.tenantId,
        actorUserId: maker.userId,
        actorEmail: maker.email,
        ...(maker.address === undefined ? {} : { address: maker.address }),
        action: 'APPROVAL_REQUESTED',
        entityType: event.entityType,
        entityId: event.entityId,
        ...(event.before === undefined ? {} : { before: event.before }),
        after: { kind: approval.kind, approvalId, ...event.after },
        ...(approval.note === undefined ? {} : { note: approval.note }),
      },
      tx,
    );
    return approvalId;
  }

  /** The maker of a hold asked for by `actor`. */
  #makerOf(actor: Actor) {
    return {
      tenantId: scopeOf(actor).tenantId,
      userId: actor.userId,
      email: actor.email,
      address: actor.address ?? null,
    };
  }

  /** In the appeal's transaction (issue #34): a reinstating decision waits for a different tenant admin. */
  holdAppealDecision(tx: Orm, actor: Actor, p: AppealDecisionPayload): Promise<string> {
    return this.#request(
      tx,
      this.#makerOf(actor),
      {
        kind: 'APPEAL_REINSTATEMENT',
        note: p.note,
        summary: `Reinstate ${p.fullName}${p.psn ? ` (${p.psn})` : ''} on appeal (${p.decision.toLowerCase().replace('_', ' ')}): back to review, with arrears`,
        payload: p,
      },
      { entityType: 'record', entityId: p.recordId, after: { appealId: p.appealId, decision: p.decision } },
    );
  }

  #campaignsPort(): CampaignDecisions {
    if (!this.#campaigns) throw new Error('four-eyes: the exercises module was not handed in');
    return this.#campaigns;
  }

  /**
   * In the exercise's transaction (issue #33): the suspension of the frozen no-show list waits for a
   * different tenant admin.
   */
  holdSuspension(tx: Orm, actor: Actor, s: SuspensionPayload, note: string | null): Promise<string> {
    const pay = s.listedMonthlyPay.toLocaleString('en-NG', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return this.#request(
      tx,
      this.#makerOf(actor),
      {
        kind: 'NO_SHOW_SUSPENSION',
        note,
        summary: `Suspend ${s.listed.toLocaleString('en-US')} no-shows of the verification exercise '${s.campaignName}' (₦${pay} a month)`,
        payload: s,
      },
      {
        entityType: 'campaign',
        entityId: s.campaignId,
        after: { suspensionId: s.suspensionId, listed: s.listed },
      },
    );
  }

  /** Whether an excusal of this person from this exercise already waits for a second approver. */
  excusalPending(
    tx: Orm,
    tenantId: string,
    excusal: { campaignId: string; recordId: string },
  ): Promise<boolean> {
    return hasPendingApproval(tx, tenantId, { excusal });
  }

  /** In the exercise's transaction (issue #33): the excusal waits for a different tenant admin. */
  holdExcusal(tx: Orm, actor: Actor, e: ExcusalPayload): Promise<string> {
    return this.#request(
      tx,
      this.#makerOf(actor),
      {
        kind: 'EXCUSAL',
        note: e.note,
        summary: `Excuse ${e.fullName}${e.psn ? ` (${e.psn})` : ''} from the verification exercise '${e.campaignName}': ${EXCUSAL_REASON_LABELS[e.reasonCode as ExcusalReason] ?? e.reasonCode}`,
        payload: e,
      },
      {
        entityType: 'record',
        entityId: e.recordId,
        after: { campaignId: e.campaignId, reasonCode: e.reasonCode },
      },
    );
  }
  /** The composition root hands in the settings module's side once both exist (they ask each other). */
  applySettingsWith(settings: SettingsChanges): void {
    this.#settings = settings;
  }

  /** Whether the actor's tenant asks for a second approver. */
  secondApproverOn(actor: Actor, orm: Orm = this.orm): Promise<boolean> {
    return secondApproverOn(orm, scopeOf(actor).tenantId);
  }

  /**
   * In the user's creation transaction (issue #30): the new account (created PENDING_APPROVAL)
   * becomes a tenant admin only once a different tenant admin, outside the maker's family, approves.
   */
  async holdAdminGrant(
    tx: Orm,
    actor: Actor,
    user: { id: string; fullName: string; email: string },
  ): Promise<string> {
    return this.#request(
      tx,
      this.#makerOf(actor),
      {
        kind: 'ADMIN_GRANT',
        summary: `Make ${user.fullName} (${user.email}) a tenant admin`,
        payload: { userId: user.id, fullName: user.fullName, email: user.email } satisfies AdminGrantPayload,
      },
      { entityType: 'user', entityId: user.id, after: { email: user.email, role: 'TENANT_ADMIN' } },
    );
  }

  /**
   * In the settings' transaction, with them locked (issue #30): the change waits for a different
   * tenant admin instead of applying; the settings stay as they are.
   */
  async holdSettings(
    tx: Orm,
    actor: Actor,
    change: { before: TenantSettings; after: TenantSettings; changes: SettingChange[] },
  ): Promise<string> {
    const maker = this.#makerOf(actor);
    const words = change.changes
      .map((c) => `${c.setting} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
      .join('; ');
    return this.#request(
      tx,
      maker,
      {
        kind: 'SETTINGS_CHANGE',
        summary: `Change the settings: ${words}`,
        payload: change satisfies SettingsPayload,
      },
      {
        entityType: 'tenant',
        entityId: maker.tenantId,
        before: Object.fromEntries(change.changes.map((c) => [c.setting, c.before])),
        after: Object.fromEntries(change.changes.map((c) => [c.setting, c.after])),
      },
    );
  }

  /** The tenant's changes of the settings waiting for a second approver, oldest first. */
  async pendingSettingsChanges(tenantId: string, orm: Orm = this.orm): Promise<PendingSettingsChange[]> {
    return (await pendingOfKind(orm, tenantId, 'SETTINGS_CHANGE')).map((r) => ({
      approvalId: r.id,
      makerEmail: r.maker_email,
      createdAt: iso(r.created_at)!,
      changes: (r.payload as SettingsPayload).changes,
    }));
  }

  /**
   * In the decision's transaction, with the record locked: the record awaits a second approver
   * instead of being rejected. Answers the record's audit entry (APPROVAL_REQUESTED).
   */
  async holdRecord(
    tx: Orm,
    actor: Actor,
    h: {
      kind: 'REJECTION' | 'INTEGRITY_CONFIRM';
      recordId: string;
      from: string;
      reason: { code: string; label: string };
      note: string | null;
      flagId?: string | null;
    },
  ): Promise<RecordAuditEntry & { to: RecordStatus }> {
    const { tenantId } = scopeOf(actor);
    const t = requireTransition(h.from, {
      type: h.kind === 'REJECTION' ? 'REJECTION_AWAITS_APPROVAL' : 'CONFIRMATION_AWAITS_APPROVAL',
    });
    // A flag's dismissal awaiting its approver (issue #30) leaves the record's status as it is.
    if (await hasPendingApproval(tx, tenantId, { recordId: h.recordId })) throw conflict(M.recordHasPending);
    const rec = await holdRecordStatus(tx, tenantId, h.recordId, t);
    const what = h.kind === 'REJECTION' ? 'Reject' : 'Confirm integrity flag on';
    const payload: RecordPayload = { version: rec.version, from: t.from as RecordStatus };
    const approvalId = await insertApproval(tx, {
      tenantId,
      kind: h.kind,
      recordId: h.recordId,
      flagId: h.flagId ?? null,
      makerUserId: actor.userId,
      makerEmail: actor.email,
      reasonCode: h.reason.code,
      note: h.note,
      summary: `${what} ${rec.psn ?? '(no PSN)'} ${rec.full_name}: ${h.reason.label}`,
      payload,
    });
    return {
      to: t.to,
      action: t.audit!.action,
      before: { status: t.from },
      after: { status: t.to, reasonCode: h.reason.code, approvalId } as RecordAuditEntry['after'],
    };
  }

  /**
   * Issue #30, in the flag decision's transaction with the flag locked: a DISMISS of
   * SHARES_REMOVED_IDENTITY (it puts a person back on the path to the payroll) waits for a
   * different tenant admin. The flag stays OPEN and the record keeps its status, held out of the
   * payroll, until the approval is granted. Answers the approval's id.
   */
  async holdDismissal(
    tx: Orm,
    actor: Actor,
    h: {
      flagId: string;
      recordId: string;
      psn: string | null;
      fullName: string;
      reason: { code: string; label: string };
      note: string | null;
    },
  ): Promise<string> {
    const { tenantId } = scopeOf(actor);
    if (await hasPendingApproval(tx, tenantId, { recordId: h.recordId })) throw conflict(M.recordHasPending);
    return insertApproval(tx, {
      tenantId,
      kind: 'FLAG_DISMISSAL',
      recordId: h.recordId,
      flagId: h.flagId,
      makerUserId: actor.userId,
      makerEmail: actor.email,
      reasonCode: h.reason.code,
      note: h.note,
      summary: `Dismiss the flag 'identity of a removed record' on ${h.psn ?? '(no PSN)'} ${h.fullName}: ${h.reason.label}`,
      payload: {},
    });
  }

  /** Whether integrity flag `flagId` has a decision awaiting a second approver (issue #30). */
  async flagPending(tx: Orm, tenantId: string, flagId: string): Promise<boolean> {
    return hasPendingApproval(tx, tenantId, { flagId });
  }

  /**
   * In the export job's transaction, once the file and its records are written: the export awaits
   * approval, with what the approver sees (count, change since the last approved export, checksum).
   */
  async holdExport(
    tx: Orm,
    tenantId: string,
    exportId: string,
    file: { recordCount: number; sizeBytes: number; sha256: string },
  ): Promise<void> {
    // The people it adds and removes are kept for the approver (issue #30), the figures are theirs.
    const details = await holdExportDetails(
      tx,
      tenantId,
      exportId,
      file,
      await this.reasonCodes.labels(tenantId, tx),
    );
    const { exported_by, exported_by_email } = await holdExportStatus(tx, tenantId, exportId);
    const summary = `Payroll export of ${file.recordCount.toLocaleString('en-US')} records (+${details.added.toLocaleString('en-US')}, −${details.removed.toLocaleString('en-US')} since the last approved export)`;
    // The export job's own event: no client address.
    await this.#request(
      tx,
      { tenantId, userId: exported_by, email: exported_by_email },
      { kind: 'EXPORT', exportId, summary, payload: { details } satisfies ExportPayload },
      { entityType: 'export', entityId: exportId, after: { ...file } },
    );
  }

  async list(actor: Actor, q: Query): Promise<ApprovalsPage> {
    const { tenantId } = scopeOf(actor);
    // A reviewer follows their own actions only (to withdraw them); a tenant admin sees the tenant's.
    const admin = actor.role === 'TENANT_ADMIN';
    const [{ rows, total }, awaitingMe] = await Promise.all([
      approvalsPage(this.orm, {
        tenantId,
        status: q.status,
        kind: q.kind,
        makerUserId: admin ? null : actor.userId,
        page: q.page,
        pageSize: q.pageSize,
      }),
      admin ? pendingForChecker(this.orm, tenantId, actor) : Promise.resolve(0),
    ]);
    return {
      items: await this.#views(actor, tenantId, rows),
      total,
      page: q.page,
      pageSize: q.pageSize,
      awaitingMe,
    };
  }

  /**
   * A different tenant admin approves: the rejection or confirmation applies, the export completes,
   * the account becomes a tenant admin, the settings change.
   */
  async approve(actor: Actor, id: string, note: string | null): Promise<Approval> {
    const { tenantId } = scopeOf(actor);
    const { confirmed, sections } = await this.orm.transaction(async (tx) => {
      const row = await this.#lockForChecker(tx, actor, id);
      let sections: string[] = [];
      if (row.kind === 'EXPORT') {
        await this.#approveExport(tx, actor, row);
      } else if (row.kind === 'FLAG_DISMISSAL') {
        await this.#applyToDismissal(tx, actor, row, 'GRANTED', note);
      } else if (row.kind === 'EXCUSAL') {
        await this.#campaignsPort().applyExcusal(
          tx,
          tenantId,
          row.payload as ExcusalPayload,
          { userId: row.maker_user_id, email: row.maker_email },
          actor,
        );
      } else if (row.kind === 'NO_SHOW_SUSPENSION') {
        await this.#campaignsPort().applySuspension(
          tx,
          tenantId,
          row.payload as SuspensionPayload,
          { userId: row.maker_user_id, email: row.maker_email },
          actor,
        );
      } else if (row.kind === 'APPEAL_REINSTATEMENT') {
        await this.#appealsPort().applyAppealDecision(
          tx,
          tenantId,
          row.payload as AppealDecisionPayload,
          { userId: row.maker_user_id, email: row.maker_email },
          actor,
        );
      } else if (row.kind === 'ADMIN_GRANT') {
        const { userId } = row.payload as AdminGrantPayload;
        if (!(await activatePendingAdmin(tx, tenantId, userId))) throw conflict(M.accountGone);
      } else if (row.kind === 'SETTINGS_CHANGE') {
        const { before, after } = row.payload as SettingsPayload;
        const applied = await this.#settingsPort().applyApproved(
          tx,
          tenantId,
          { before, after, makerEmail: row.maker_email },
          actor,
        );
        if (!applied) throw conflict(M.settingsChanged);
        sections = applied;
      } else {
        await this.#applyToRecord(tx, actor, row, 'GRANTED', note);
      }
      await closeApproval(tx, id, 'APPROVED', { userId: actor.userId, email: actor.email, note });
      await this.#auditApproval(tx, actor, row, 'APPROVAL_GRANTED', note);
      return { confirmed: row.kind === 'INTEGRITY_CONFIRM' || row.kind === 'FLAG_DISMISSAL', sections };
    });
    if (confirmed) await this.#refreshIntegrity(tenantId);
    if (sections.length > 0) await this.#settingsPort().changed(tenantId, sections);
    return this.#one(actor, id);
  }

  #settingsPort(): SettingsChanges {
    if (!this.#settings) throw new Error('four-eyes: the settings module was not handed in');
    return this.#settings;
  }

  /**
   * What a decline or withdrawal does besides closing: nothing to settings, the account goes, a
   * suspension closes with no record moved.
   */
  async #closeOther(
    tx: Orm,
    row: ApprovalRow,
    message: string,
    outcome: 'DECLINED' | 'WITHDRAWN',
  ): Promise<void> {
    if (row.kind === 'EXPORT') await this.#closeExport(tx, row, message);
    else if (row.kind === 'ADMIN_GRANT')
      await dropPendingAdmin(tx, row.tenant_id, (row.payload as AdminGrantPayload).userId);
    else if (row.kind === 'APPEAL_REINSTATEMENT')
      await this.#appealsPort().reopenAppeal(
        tx,
        row.tenant_id,
        row.payload as AppealDecisionPayload,
        outcome,
      );
    else if (row.kind === 'NO_SHOW_SUSPENSION')
      await this.#campaignsPort().closeSuspension(
        tx,
        row.tenant_id,
        row.payload as SuspensionPayload,
        outcome,
      );
  }

  /** A different tenant admin declines with a note: the record returns to its status and queue. */
  async decline(actor: Actor, id: string, note: string): Promise<Approval> {
    await this.orm.transaction(async (tx) => {
      const row = await this.#lockForChecker(tx, actor, id);
      if (onRecord(row.kind)) await this.#applyToRecord(tx, actor, row, 'DECLINED', note);
      else if (row.kind === 'FLAG_DISMISSAL') await this.#applyToDismissal(tx, actor, row, 'DECLINED', note);
      else await this.#closeOther(tx, row, `Declined by ${actor.email}: ${note}`, 'DECLINED');
      await closeApproval(tx, id, 'DECLINED', { userId: actor.userId, email: actor.email, note });
      if (!auditsItself(row.kind)) await this.#auditApproval(tx, actor, row, 'APPROVAL_DECLINED', note);
    });
    return this.#one(actor, id);
  }

  /** The maker withdraws their own action: the record returns to its status and queue. */
  async withdraw(actor: Actor, id: string): Promise<Approval> {
    await this.orm.transaction(async (tx) => {
      const row = await this.#lock(tx, scopeOf(actor).tenantId, id);
      if (row.status !== 'PENDING') throw conflict(M.notPending);
      if (!isMaker(row, actor)) throw forbidden(M.notMaker);
      // The uploader alone does not keep an unverified identity change in the payroll (issue #30).
      if (row.kind === 'REVALIDATION') throw conflict(M.revalidationNotWithdrawn);
      if (onRecord(row.kind)) await this.#applyToRecord(tx, actor, row, 'WITHDRAWN', null);
      else if (row.kind === 'FLAG_DISMISSAL') await this.#applyToDismissal(tx, actor, row, 'WITHDRAWN', null);
      else await this.#closeOther(tx, row, `Withdrawn by ${actor.email}.`, 'WITHDRAWN');
      await closeApproval(tx, id, 'WITHDRAWN');
      if (!auditsItself(row.kind)) await this.#auditApproval(tx, actor, row, 'APPROVAL_WITHDRAWN', null);
    });
    return this.#one(actor, id);
  }

  async #lock(tx: Orm, tenantId: string, id: string): Promise<ApprovalRow> {
    const row = await lockApproval(tx, tenantId, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async #lockForChecker(tx: Orm, actor: Actor, id: string): Promise<ApprovalRow> {
    const row = await this.#lock(tx, scopeOf(actor).tenantId, id);
    const refusal = await checkerRefusal(tx, row, actor);
    if (refusal) throw forbidden(refusal);
    if (row.status !== 'PENDING') throw conflict(M.notPending);
    return row;
  }

  /**
   * The outcome on the record, through record-state: GRANTED rejects it (version unchanged since the
   * maker's decision, else 409), DECLINED and WITHDRAWN return it to its status before.
   */
  async #applyToRecord(
    tx: Orm,
    actor: Actor,
    row: ApprovalRow,
    outcome: 'GRANTED' | 'DECLINED' | 'WITHDRAWN',
    note: string | null,
  ): Promise<void> {
    const tenantId = row.tenant_id;
    const payload = row.payload as RecordPayload;
    const rec = await lockRecord(tx, tenantId, row.record_id);
    if (!rec) {
      // Deleted from the master list meanwhile: nothing to reject; a decline or withdrawal just closes.
      if (outcome === 'GRANTED') throw conflict(M.recordChanged);
      return;
    }
    // A re-verification (issue #30) is granted whatever a later upload changed: it verifies the record as it is.
    const versioned = row.kind !== 'REVALIDATION';
    if (
      outcome === 'GRANTED' &&
      ((versioned && rec.version !== payload.version) || rec.status !== AWAITING_SECOND_APPROVAL)
    )
      throw conflict(M.recordChanged, { currentVersion: rec.version });
    const back = (rec.status_before_approval ?? payload.from) as RecordStatus;
    const t = requireTransition(
      rec.status,
      outcome === 'GRANTED'
        ? grantOf(row)
        : { type: outcome === 'DECLINED' ? 'SECOND_APPROVAL_DECLINED' : 'SECOND_APPROVAL_WITHDRAWN', back },
    );
    const reasonCode = outcome === 'GRANTED' ? row.reason_code : null;
    // A granted decision sets the record's reason code; a decline or withdrawal leaves it as it was
    // (so does a granted re-verification, which has none).
    await settleRecordStatus(
      tx,
      tenantId,
      row.record_id,
      t.to,
      outcome === 'GRANTED' && row.kind !== 'REVALIDATION' ? reasonCode : undefined,
    );
    if (outcome === 'GRANTED' && row.kind === 'INTEGRITY_CONFIRM' && row.flag_id) {
      await this.integrity.confirm(tx, tenantId, {
        flagId: row.flag_id,
        recordId: row.record_id!,
        by: { userId: actor.userId, email: actor.email },
        reasonCode: row.reason_code!,
        note: row.note,
      });
    }
    const labels = await this.reasonCodes.labels(tenantId, tx);
    const reason = row.reason_code ? (labels.get(row.reason_code) ?? row.reason_code) : '';
    const words =
      outcome === 'GRANTED' && row.kind === 'REVALIDATION'
        ? `Re-verification after the upload approved by the second approver (uploaded by ${row.maker_email})${note ? `. Approver's note: ${note}` : ''}`
        : outcome === 'GRANTED'
          ? `${row.kind === 'REJECTION' ? 'Rejection' : 'Integrity confirmation'} approved by the second approver (${reason}; decided by ${row.maker_email})${row.note ? `. ${row.note}` : ''}${note ? `. Approver's note: ${note}` : ''}`
          : outcome === 'DECLINED'
            ? `Declined by the second approver: ${note}`
            : `Withdrawn by ${actor.email}`;
    await this.audit.append(
      {
        tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: t.audit!.action,
        entityType: 'record',
        entityId: row.record_id,
        before: { status: t.from },
        after: { status: t.to, ...(reasonCode ? { reasonCode } : {}), approvalId: row.id },
        note: words,
        address: actor.address ?? null,
      },
      tx,
    );
  }

  /**
   * Issue #30, a FLAG_DISMISSAL's outcome: GRANTED dismisses the flag (still OPEN, else 409: decided
   * or cleared by new evidence since), which lets the record into the payroll; DECLINED and
   * WITHDRAWN leave the flag OPEN and the record held. The record's status never moves here.
   */
  async #applyToDismissal(
    tx: Orm,
    actor: Actor,
    row: ApprovalRow,
    outcome: 'GRANTED' | 'DECLINED' | 'WITHDRAWN',
    note: string | null,
  ): Promise<void> {
    const tenantId = row.tenant_id;
    if (outcome === 'GRANTED') {
      const dismissed =
        row.flag_id !== null &&
        (await this.integrity.dismiss(tx, tenantId, {
          flagId: row.flag_id,
          by: { userId: actor.userId, email: actor.email },
          reasonCode: row.reason_code!,
          note: row.note,
        }));
      if (!dismissed) throw conflict(M.flagChanged);
    }
    const reason = row.reason_code ? reasonLabel(row.reason_code) : '';
    await this.audit.append(
      {
        tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action:
          outcome === 'GRANTED'
            ? 'INTEGRITY_FLAG_DISMISSED'
            : outcome === 'DECLINED'
              ? 'APPROVAL_DECLINED'
              : 'APPROVAL_WITHDRAWN',
        entityType: 'record',
        entityId: row.record_id,
        after: { kind: row.kind, approvalId: row.id, flagId: row.flag_id },
        note:
          outcome === 'GRANTED'
            ? `Integrity flag dismissal approved by the second approver (${reason}; decided by ${row.maker_email})${row.note ? `. ${row.note}` : ''}${note ? `. Approver's note: ${note}` : ''}`
            : outcome === 'DECLINED'
              ? `Flag dismissal declined by the second approver: ${note}`
              : `Flag dismissal withdrawn by ${actor.email}`,
        address: actor.address ?? null,
      },
      tx,
    );
  }

  async #approveExport(tx: Orm, actor: Actor, row: ApprovalRow): Promise<void> {
    const { details } = row.payload as ExportPayload;
    const latest = await lastApprovedExport(tx, row.tenant_id);
    // The change shown was against the last approved export: another approved since makes it wrong.
    if ((latest?.id ?? null) !== details.previousExportId) throw conflict(M.exportSuperseded);
    // The file must be the payroll as it is now (issue #30): else 409 with who joined and left since.
    await assertExportCurrent(
      tx,
      row.tenant_id,
      row.export_id!,
      await this.reasonCodes.labels(row.tenant_id, tx),
    );
    if (!(await completeExport(tx, row.tenant_id, row.export_id, actor))) throw conflict(M.notPending);
  }

  async #closeExport(tx: Orm, row: ApprovalRow, message: string): Promise<void> {
    await failExport(tx, row.tenant_id, row.export_id, message);
  }

  async #auditApproval(tx: Orm, actor: Actor, row: ApprovalRow, action: string, note: string | null) {
    const [entityType, entityId] =
      row.kind === 'EXPORT'
        ? ['export', row.export_id]
        : row.kind === 'ADMIN_GRANT'
          ? ['user', (row.payload as AdminGrantPayload).userId]
          : row.kind === 'SETTINGS_CHANGE'
            ? ['tenant', row.tenant_id]
            : row.kind === 'EXCUSAL'
              ? ['record', (row.payload as ExcusalPayload).recordId]
              : row.kind === 'APPEAL_REINSTATEMENT'
                ? ['record', (row.payload as AppealDecisionPayload).recordId]
                : row.kind === 'NO_SHOW_SUSPENSION'
                  ? ['campaign', (row.payload as SuspensionPayload).campaignId]
                  : ['approval', row.id];
    await this.audit.append(
      {
        tenantId: row.tenant_id,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action,
        entityType,
        entityId,
        recordId: row.record_id,
        after: { kind: row.kind, approvalId: row.id, makerEmail: row.maker_email },
        note,
        address: actor.address ?? null,
      },
      tx,
    );
  }

  async #refreshIntegrity(tenantId: string): Promise<void> {
    await this.integrity.refreshSummary(tenantId);
  }

  async #one(actor: Actor, id: string): Promise<Approval> {
    const { tenantId } = scopeOf(actor);
    const row = await findApproval(this.orm, tenantId, id);
    if (!row) throw notFound(M.notFound);
    return (await this.#views(actor, tenantId, [row]))[0]!;
  }

  async #views(actor: Actor, tenantId: string, rows: ApprovalRow[]): Promise<Approval[]> {
    const recordIds = rows.flatMap((r) => (r.record_id ? [r.record_id] : []));
    const exportIds = rows.flatMap((r) => (r.export_id ? [r.export_id] : []));
    const userIds = rows.flatMap((r) =>
      r.kind === 'ADMIN_GRANT' ? [(r.payload as AdminGrantPayload).userId] : [],
    );
    const [labels, recs, exps, accounts] = await Promise.all([
      this.reasonCodes.labels(tenantId),
      recordsForView(this.orm, tenantId, recordIds),
      exportsForView(this.orm, tenantId, exportIds),
      accountsForView(this.orm, tenantId, userIds),
    ]);
    const recById = new Map(recs.map((r) => [r.id, r]));
    const expById = new Map(exps.map((e) => [e.id, e]));
    const accountById = new Map(accounts.map((u) => [u.id, u]));
    return rows.map((r) => {
      const rec = r.record_id ? recById.get(r.record_id) : undefined;
      const exp = r.export_id ? expById.get(r.export_id) : undefined;
      const details = r.kind === 'EXPORT' ? (r.payload as ExportPayload).details : null;
      return {
        id: r.id,
        kind: r.kind,
        status: r.status,
        recordId: r.record_id,
        exportId: r.export_id,
        flagId: r.flag_id,
        makerEmail: r.maker_email,
        createdAt: iso(r.created_at)!,
        summary: r.summary,
        reasonCode: r.reason_code,
        reasonLabel: r.reason_code ? (labels.get(r.reason_code) ?? r.reason_code) : null,
        note: r.note,
        mine: isMaker(r, actor),
        record: rec
          ? {
              psn: rec.psn,
              fullName: rec.full_name,
              ministry: rec.ministry,
              department: rec.department,
              status: rec.status,
              statusBeforeApproval: rec.status_before_approval,
              monthlyGrossPay:
                rec.monthly_gross_kobo == null ? null : koboToNaira(Number(rec.monthly_gross_kobo)),
            }
          : null,
        export:
          details && exp
            ? {
                ...details,
                recordCount: exp.record_count,
                sizeBytes: Number(exp.size_bytes),
                sha256: exp.sha256,
              }
            : (details ?? null),
        checkerEmail: r.checker_email,
        checkerNote: r.checker_note,
        decidedAt: iso(r.decided_at),
        account: (() => {
          if (r.kind !== 'ADMIN_GRANT') return null;
          const u = accountById.get((r.payload as AdminGrantPayload).userId);
          return u
            ? { userId: u.id, fullName: u.full_name, email: u.email, role: u.role, status: u.status }
            : null;
        })(),
        settingsChanges: r.kind === 'SETTINGS_CHANGE' ? (r.payload as SettingsPayload).changes : null,
      };
    });
  }
}
