import { RECORD_STATUSES, REVERIFIABLE_STATUSES, type RecordStatus } from '@portal/contract/records';
import { CLAIM_MESSAGES } from '@portal/contract/claims';
import type { DashboardStats } from '@portal/contract/verification';
import { VALIDATION_MESSAGES } from '@portal/contract/validation';
import { APPROVAL_MESSAGES, type SYSTEM_REASON_LABELS } from '@portal/contract/decisions';
import { APPEAL_MESSAGES } from '@portal/contract/appeals';
import { conflict } from '../../platform/errors.ts';

/**
 * The record state machine (DESIGN §6): every status a record takes goes through transition() or,
 * for a statement that changes many records at once, through the states and lists below. Other
 * code never compares or writes a status of its own accord. A new record starts UPLOADED (the
 * column's default, db/schema/records.ts).
 *
 * To add a state (e.g. PENDING_SECOND_APPROVAL): add it to the contract's RECORD_STATUSES, give it
 * its rules here (record-state.test.ts fails until every event has an answer for it) and its lists.
 */

/** How a found record's compared fields stand against the source of truth (compare.ts decides). */
export type Comparison = 'AGREES' | 'DISAGREES';
/** What a lookup at the provider found: absent also when found without biometrics (DESIGN §5). */
export type LookupResult = Comparison | 'ABSENT';

export type RecordEvent =
  /** A bulk verification's lookup answered. */
  | { type: 'VERIFIED'; lookup: LookupResult }
  /** A bulk verification's lookup failed: the record stays, with lastError. */
  | { type: 'VERIFICATION_FAILED' }
  /** The employee, or an agent for them, re-verified live. */
  | { type: 'REVERIFIED'; lookup: LookupResult }
  | { type: 'APPROVED' }
  | { type: 'REJECTED' }
  /** The source of truth's values accepted for a mismatched record. */
  | { type: 'RESOLVED' }
  /** A reviewer's edit; `comparison` with the stored source-of-truth answer, null without one. */
  | { type: 'EDITED'; comparison: Comparison | null }
  /** An integrity flag confirmed (issue #21): not a legitimate employee, so off the payroll. */
  | { type: 'INTEGRITY_CONFIRMED' }
  /** An upload changed fields of the record, none of its identity. */
  | { type: 'UPLOAD_CHANGED' }
  /** An upload changed the full name, NIN, SSID or date of birth. */
  | { type: 'UPLOAD_IDENTITY_CHANGED' }
  /**
   * Four-eyes (issue #30): an upload would take a record out of the payroll (its identity changed,
   * or compared again after its posting or grade moved); the move waits for a second approver,
   * the record staying in the payroll meanwhile.
   */
  | { type: 'UPLOAD_REMOVAL_AWAITS_APPROVAL' }
  /** After an upload moved a checked record's ministry, department or grade: compared again. */
  | { type: 'UPLOAD_RECOMPARED'; comparison: Comparison }
  /** The tenant's name-match settings changed: a record in review compared again with its stored answer. */
  | { type: 'SETTINGS_RECOMPARED'; comparison: Comparison }
  /** Four-eyes (issue #22): a reviewer's rejection waits for a second approver. */
  | { type: 'REJECTION_AWAITS_APPROVAL' }
  /** Four-eyes: an integrity flag's confirmation waits for a second approver. */
  | { type: 'CONFIRMATION_AWAITS_APPROVAL' }
  /** A different tenant admin approved: the rejection (or confirmation) applies. */
  | { type: 'SECOND_APPROVAL_GRANTED' }
  /** A different tenant admin approved an upload's identity change: the record is verified again. */
  | { type: 'REVALIDATION_GRANTED' }
  /** A different tenant admin approved an upload's move of posting or grade: the record is reviewed. */
  | { type: 'RECOMPARE_GRANTED'; comparison: Comparison }
  /** The checker declined: the record returns to `back`, its status before the approval. */
  | { type: 'SECOND_APPROVAL_DECLINED'; back: RecordStatus }
  /** The maker withdrew: the record returns to `back`. */
  | { type: 'SECOND_APPROVAL_WITHDRAWN'; back: RecordStatus }
  /** A verification exercise's no-show, its suspension approved (issue #33): off the payroll, kept. */
  | { type: 'SUSPENDED_NO_SHOW' }
  /**
   * A suspended person claimed their account (issue #33): they came, but a claim checks the record,
   * not the source of truth, so the record is verified again before anyone reviews it.
   */
  | { type: 'REAPPEARED' }
  /**
   * An appeal upheld (issue #34): a record off the payroll returns to review, compared again with
   * the source of truth's stored answer (null: none stored, so it is verified again); never
   * straight to VALIDATED.
   */
  | { type: 'REINSTATED'; comparison: Comparison | null };
export type RecordEventType = RecordEvent['type'];

export type RecordAuditAction =
  | 'RECORD_VERIFIED'
  | 'RECORD_VERIFIED_MISMATCH'
  | 'RECORD_NOT_FOUND_IN_SOURCE'
  | 'RECORD_REVERIFIED'
  | 'RECORD_APPROVED'
  | 'RECORD_REJECTED'
  | 'RECORD_MISMATCH_RESOLVED'
  | 'RECORD_EDITED'
  | 'RECORD_INTEGRITY_CONFIRMED'
  | 'RECORD_UPDATED_BY_UPLOAD'
  | 'RECORD_REVERIFICATION_REQUIRED'
  | 'RECORD_RECOMPARED_AFTER_UPLOAD'
  | 'RECORD_RECOMPARED_AFTER_SETTINGS'
  | 'RECORD_SUSPENDED'
  | 'RECORD_REAPPEARED'
  | 'RECORD_REINSTATED'
  | 'APPROVAL_REQUESTED'
  | 'APPROVAL_DECLINED'
  | 'APPROVAL_WITHDRAWN';

/**
 * The audit entry of a transition: its action, and the status in before/after when it changed.
 * The caller adds the fields it changed (and a note); a statement over many records writes the
 * same shape in SQL.
 */
export interface RecordAuditEntry {
  action: RecordAuditAction;
  before: { status?: RecordStatus };
  after: { status?: RecordStatus };
}

export type Transition =
  | { allowed: true; from: RecordStatus; to: RecordStatus; audit: RecordAuditEntry | null }
  | { allowed: false; from: string; message: string };

// The lists the rules below and the repositories share.
/** Awaiting a bulk verification: never looked up, or asked to be again. */
export const NEEDS_VERIFICATION: readonly RecordStatus[] = ['UPLOADED', 'AWAITING_REVALIDATION'];
/** The two review queues and the states a decision is taken on. */
export const QUEUE_STATUS = { pending: 'PENDING_GRADE_VALIDATION', mismatched: 'MISMATCHED' } as const;
export const REVIEWABLE: readonly RecordStatus[] = [QUEUE_STATUS.pending, QUEUE_STATUS.mismatched];
/** Found in the source of truth with biometrics and not rejected since: the identity was checked. */
export const CHECKED: readonly RecordStatus[] = [...REVIEWABLE, 'VALIDATED'];
/** A rejection or integrity confirmation awaiting a second approver (issue #22). */
export const AWAITING_SECOND_APPROVAL = 'PENDING_SECOND_APPROVAL' as const satisfies RecordStatus;
/**
 * The records a payroll export carries: VALIDATED ones, and those awaiting a second approver's
 * rejection whose status before it was VALIDATED (they are paid until the rejection is approved).
 */
export const IN_PAYROLL: readonly RecordStatus[] = ['VALIDATED'];
/**
 * SQL of the payroll's rule over a records row aliased `alias` (the one home of that rule), as its
 * two disjoint branches: a statement that reads each on its own can read the first from the
 * (tenant, status) index alone.
 */
export function inPayrollBranchesSql(alias: string): [string, string] {
  if (!/^[a-z_]+$/.test(alias)) throw new Error('not an alias');
  const paid = statusLiterals(IN_PAYROLL);
  return [
    `${alias}.status in (${paid})`,
    `(${alias}.status = '${AWAITING_SECOND_APPROVAL}' and ${alias}.status_before_approval in (${paid}))`,
  ];
}
/** The payroll's rule as one condition. */
export function inPayrollSql(alias: string): string {
  return `(${inPayrollBranchesSql(alias).join(' or ')})`;
}
/**
 * SQL over a record's audit event aliased `alias` (its before/after status): whether the event
 * took the record into the payroll (issue #30, the cause of an export's added person): it left
 * the record in a payroll state from one outside it. A record awaiting a second approver was paid
 * only when it was paid before, so its return to VALIDATED (a decline, a withdrawal) is no entry.
 */
export function enteredPayrollEventSql(alias: string): string {
  if (!/^[a-z_]+$/.test(alias)) throw new Error('not an alias');
  const paid = statusLiterals(IN_PAYROLL);
  return `((${alias}.after ->> 'status') in (${paid}) and coalesce(${alias}.before ->> 'status', '') not in (${paid}, '${AWAITING_SECOND_APPROVAL}'))`;
}
/**
 * Whether the event took the record out of the payroll (the cause of an export's removed person):
 * from a payroll state, or awaiting a second approver, to a state outside both (a granted
 * rejection or confirmation, a re-verification an upload required, a direct rejection).
 */
export function leftPayrollEventSql(alias: string): string {
  if (!/^[a-z_]+$/.test(alias)) throw new Error('not an alias');
  const held = `${statusLiterals(IN_PAYROLL)}, '${AWAITING_SECOND_APPROVAL}'`;
  return `((${alias}.before ->> 'status') in (${held}) and (${alias}.after ->> 'status') not in (${held}))`;
}
/** Whether a record (as a row holds it) is in the payroll export. */
export function isInPayroll(status: string, statusBeforeApproval: string | null): boolean {
  return (
    isOneOf(IN_PAYROLL, status) ||
    (status === AWAITING_SECOND_APPROVAL &&
      statusBeforeApproval !== null &&
      isOneOf(IN_PAYROLL, statusBeforeApproval))
  );
}
/** Potential ghosts: not in the source of truth, or there without biometrics. */
export const POTENTIAL_GHOSTS: readonly RecordStatus[] = ['NOT_FOUND'];
/**
 * Removed from the payroll by a decision (issue #30): rejected, a confirmed ghost included. A
 * record sharing a NIN, SSID, BVN or bank account with one of these is flagged
 * (SHARES_REMOVED_IDENTITY) and held out of the payroll until the flag is decided. A state that
 * also removes a person (e.g. SUSPENDED) joins this list, and with it the rule and the hold.
 */
export const REMOVED_FROM_PAYROLL: readonly RecordStatus[] = ['REJECTED'];

/**
 * The records a verification exercise does not expect to appear (issue #33): those a decision
 * already took off the payroll. Whatever else is in an exercise's scope must appear or be excused.
 */
export const NOT_EXPECTED_TO_APPEAR: readonly RecordStatus[] = ['REJECTED'];
/**
 * The records the integrity rules judge: any not removed from the payroll (a pending one keeps
 * its flags).
 */
export const INTEGRITY_JUDGED: readonly RecordStatus[] = RECORD_STATUSES.filter(
  (s) => !REMOVED_FROM_PAYROLL.includes(s),
);

/** The states an integrity confirmation applies in (directly or awaiting a second approver). */
const CONFIRMABLE: readonly RecordStatus[] = INTEGRITY_JUDGED.filter((s) => s !== AWAITING_SECOND_APPROVAL);
/**
 * The states a verification exercise's no-show is suspended from (issue #33): every state of a
 * person expected to appear (NOT_EXPECTED_TO_APPEAR aside) but one awaiting a second approver, whose
 * pending decision is taken first. A suspended record is not suspended again.
 */
export const SUSPENDABLE: readonly RecordStatus[] = [
  'UPLOADED',
  'PENDING_GRADE_VALIDATION',
  'MISMATCHED',
  'NOT_FOUND',
  'VALIDATED',
  'AWAITING_REVALIDATION',
];
/** A no-show held off the payroll (issue #33). */
export const SUSPENDED = 'SUSPENDED' as const satisfies RecordStatus;

/**
 * The states an appeal is heard in (issue #34): taken off the payroll by a decision (rejected, or
 * confirmed as a ghost, which rejects) or suspended as a no-show.
 */
export const APPEALABLE: readonly RecordStatus[] = ['REJECTED', 'SUSPENDED'];

/** A potential ghost or a rejected record cannot claim an account. */
export const NOT_CLAIMABLE: readonly RecordStatus[] = ['NOT_FOUND', 'REJECTED'];
/**
 * Whether a record may claim an account: not one of NOT_CLAIMABLE, nor suspended from one (issue
 * #33): a potential ghost that did not appear stays a potential ghost when it is suspended.
 */
export function isClaimable(status: string, statusBeforeSuspension: string | null): boolean {
  const judged = status === SUSPENDED ? (statusBeforeSuspension ?? status) : status;
  return !isOneOf(NOT_CLAIMABLE, judged);
}
/** The reason code a no-show's suspension carries in its audit entry and on the record (issue #33). */
export const NO_SHOW_REASON = 'NO_SHOW' satisfies keyof typeof SYSTEM_REASON_LABELS;
/** The tenant overview's figure of each state (DESIGN §6, stats). */
export const STATUS_FIGURES = {
  totalUploaded: 'UPLOADED',
  totalPendingApproval: QUEUE_STATUS.pending,
  totalMismatched: QUEUE_STATUS.mismatched,
  totalNotFound: 'NOT_FOUND',
  totalValidated: 'VALIDATED',
  totalRejected: 'REJECTED',
  totalAwaitingRevalidation: 'AWAITING_REVALIDATION',
  totalPendingSecondApproval: AWAITING_SECOND_APPROVAL,
  totalSuspended: SUSPENDED,
} as const satisfies Partial<Record<keyof DashboardStats, RecordStatus>>;

const AFTER_LOOKUP: Record<LookupResult, RecordStatus> = {
  AGREES: 'PENDING_GRADE_VALIDATION',
  DISAGREES: 'MISMATCHED',
  ABSENT: 'NOT_FOUND',
};

/** A bulk verification's audit action by what the lookup found. */
const VERIFIED_ACTIONS: Record<LookupResult, RecordAuditAction> = {
  AGREES: 'RECORD_VERIFIED',
  DISAGREES: 'RECORD_VERIFIED_MISMATCH',
  ABSENT: 'RECORD_NOT_FOUND_IN_SOURCE',
};

interface Rule<T extends RecordEventType> {
  /** The states the event applies in; in any other it is refused with `refusal`. */
  from: readonly RecordStatus[];
  to: (from: RecordStatus, event: Extract<RecordEvent, { type: T }>) => RecordStatus;
  /**
   * The audit action when the status moves and when it stays; null: no audit entry of its own. An
   * event whose action depends on what it carries (a lookup's answer) gives it as a function.
   */
  moved: RecordAuditAction | null | ((event: Extract<RecordEvent, { type: T }>) => RecordAuditAction);
  stayed: RecordAuditAction | null;
  /** The 409 message of an API call refused; for a statement over many records, why it skips one. */
  refusal: string;
}

const same = (from: RecordStatus) => from;

const RULES: { [T in RecordEventType]: Rule<T> } = {
  // Bulk verification writes each record's outcome to its history (issue #31 item 8; the job is
  // audited when started, and counts what it found): matched, mismatched (the fields beside it) or
  // not found. Every answer moves the record out of the states it applies in.
  VERIFIED: {
    from: NEEDS_VERIFICATION,
    to: (_, e) => AFTER_LOOKUP[e.lookup],
    moved: (e) => VERIFIED_ACTIONS[e.lookup],
    stayed: null,
    refusal: 'The record is no longer awaiting verification.',
  },
  VERIFICATION_FAILED: {
    from: NEEDS_VERIFICATION,
    to: same,
    moved: null,
    stayed: null,
    refusal: 'The record is no longer awaiting verification.',
  },
  // A suspended no-show re-verifying live goes where the lookup sends them: review, or not found.
  REVERIFIED: {
    from: REVERIFIABLE_STATUSES,
    to: (_, e) => AFTER_LOOKUP[e.lookup],
    moved: 'RECORD_REVERIFIED',
    stayed: 'RECORD_REVERIFIED',
    refusal: CLAIM_MESSAGES.notAwaiting,
  },
  APPROVED: {
    from: [QUEUE_STATUS.pending],
    to: () => 'VALIDATED',
    moved: 'RECORD_APPROVED',
    stayed: 'RECORD_APPROVED',
    refusal: VALIDATION_MESSAGES.notReviewable,
  },
  REJECTED: {
    from: REVIEWABLE,
    to: () => 'REJECTED',
    moved: 'RECORD_REJECTED',
    stayed: 'RECORD_REJECTED',
    refusal: VALIDATION_MESSAGES.notReviewable,
  },
  RESOLVED: {
    from: [QUEUE_STATUS.mismatched],
    to: () => 'VALIDATED',
    moved: 'RECORD_MISMATCH_RESOLVED',
    stayed: 'RECORD_MISMATCH_RESOLVED',
    refusal: VALIDATION_MESSAGES.notMismatched,
  },
  // A confirmed integrity flag (issue #21) rejects the record whatever its verification: a ghost
  // leaves the payroll. The integrity rules judge exactly these states (a rejected record is not
  // flagged again).
  INTEGRITY_CONFIRMED: {
    from: CONFIRMABLE,
    to: () => 'REJECTED',
    moved: 'RECORD_INTEGRITY_CONFIRMED',
    stayed: 'RECORD_INTEGRITY_CONFIRMED',
    refusal: 'This record is already rejected.',
  },
  // An edit keeps the state, except that a mismatched record is compared again (DESIGN §6). A
  // record awaiting a second approver is not edited: the checker approves what the maker saw.
  EDITED: {
    from: RECORD_STATUSES.filter((s) => s !== AWAITING_SECOND_APPROVAL),
    to: (from, e) => (from === QUEUE_STATUS.mismatched && e.comparison ? AFTER_LOOKUP[e.comparison] : from),
    moved: 'RECORD_EDITED',
    stayed: 'RECORD_EDITED',
    refusal: 'This record cannot be edited in its current state.',
  },
  // The master list stays the authority: an upload changes a record awaiting a second approver too
  // (its version moves, so the pending decision can no longer be approved, only declined).
  UPLOAD_CHANGED: {
    from: RECORD_STATUSES,
    to: same,
    moved: 'RECORD_UPDATED_BY_UPLOAD',
    stayed: 'RECORD_UPDATED_BY_UPLOAD',
    refusal: 'An upload cannot change this record.',
  },
  // A checked record whose identity changed is verified again (the payroll loses a VALIDATED one
  // until then); any other keeps its state and takes the new values (one awaiting a second
  // approver: its status before the approval is moved the same way by the upload's statement).
  UPLOAD_IDENTITY_CHANGED: {
    from: RECORD_STATUSES,
    to: (from) => (CHECKED.includes(from) ? 'AWAITING_REVALIDATION' : from),
    moved: 'RECORD_REVERIFICATION_REQUIRED',
    stayed: 'RECORD_UPDATED_BY_UPLOAD',
    refusal: 'An upload cannot change this record.',
  },
  // With a second approver on (issue #30): a record in the payroll that an upload would take out of
  // it stays in it until another tenant admin approves (the caller keeps its status before the
  // approval beside it, as for a rejection).
  UPLOAD_REMOVAL_AWAITS_APPROVAL: {
    from: IN_PAYROLL,
    to: () => AWAITING_SECOND_APPROVAL,
    moved: 'APPROVAL_REQUESTED',
    stayed: 'APPROVAL_REQUESTED',
    refusal: 'Only a record in the payroll awaits approval of its removal by an upload.',
  },
  // A VALIDATED record whose posting or grade moved leaves the payroll until a reviewer approves it.
  UPLOAD_RECOMPARED: {
    from: CHECKED,
    to: (_, e) => AFTER_LOOKUP[e.comparison],
    moved: 'RECORD_RECOMPARED_AFTER_UPLOAD',
    stayed: null,
    refusal: 'Only a checked record is compared again after an upload.',
  },
  // A settings change never touches a decided record: only the two review queues swap records.
  SETTINGS_RECOMPARED: {
    from: REVIEWABLE,
    to: (_, e) => AFTER_LOOKUP[e.comparison],
    moved: 'RECORD_RECOMPARED_AFTER_SETTINGS',
    stayed: null,
    refusal: 'Only a record in review is compared again after a settings change.',
  },
  // Four-eyes (issue #22): the decision waits; the record's status before it is kept beside it
  // (records.status_before_approval) by the caller, for a decline or a withdrawal.
  REJECTION_AWAITS_APPROVAL: {
    from: REVIEWABLE,
    to: () => AWAITING_SECOND_APPROVAL,
    moved: 'APPROVAL_REQUESTED',
    stayed: 'APPROVAL_REQUESTED',
    refusal: VALIDATION_MESSAGES.notReviewable,
  },
  CONFIRMATION_AWAITS_APPROVAL: {
    from: CONFIRMABLE,
    to: () => AWAITING_SECOND_APPROVAL,
    moved: 'APPROVAL_REQUESTED',
    stayed: 'APPROVAL_REQUESTED',
    refusal: 'This record is already rejected.',
  },
  SECOND_APPROVAL_GRANTED: {
    from: [AWAITING_SECOND_APPROVAL],
    to: () => 'REJECTED',
    moved: 'RECORD_REJECTED',
    stayed: 'RECORD_REJECTED',
    refusal: APPROVAL_MESSAGES.notPending,
  },
  REVALIDATION_GRANTED: {
    from: [AWAITING_SECOND_APPROVAL],
    to: () => 'AWAITING_REVALIDATION',
    moved: 'RECORD_REVERIFICATION_REQUIRED',
    stayed: 'RECORD_REVERIFICATION_REQUIRED',
    refusal: APPROVAL_MESSAGES.notPending,
  },
  RECOMPARE_GRANTED: {
    from: [AWAITING_SECOND_APPROVAL],
    to: (_, e) => AFTER_LOOKUP[e.comparison],
    moved: 'RECORD_RECOMPARED_AFTER_UPLOAD',
    stayed: 'RECORD_RECOMPARED_AFTER_UPLOAD',
    refusal: APPROVAL_MESSAGES.notPending,
  },
  SECOND_APPROVAL_DECLINED: {
    from: [AWAITING_SECOND_APPROVAL],
    to: (_, e) => e.back,
    moved: 'APPROVAL_DECLINED',
    stayed: 'APPROVAL_DECLINED',
    refusal: APPROVAL_MESSAGES.notPending,
  },
  SECOND_APPROVAL_WITHDRAWN: {
    from: [AWAITING_SECOND_APPROVAL],
    to: (_, e) => e.back,
    moved: 'APPROVAL_WITHDRAWN',
    stayed: 'APPROVAL_WITHDRAWN',
    refusal: APPROVAL_MESSAGES.notPending,
  },
  // Issue #33: held, never deleted; the way back is appearing, through verification and review.
  SUSPENDED_NO_SHOW: {
    from: SUSPENDABLE,
    to: () => SUSPENDED,
    moved: 'RECORD_SUSPENDED',
    stayed: null,
    refusal: 'Only a record expected to appear, with no decision pending, can be suspended as a no-show.',
  },
  REAPPEARED: {
    from: [SUSPENDED],
    to: () => 'AWAITING_REVALIDATION',
    moved: 'RECORD_REAPPEARED',
    stayed: null,
    refusal: 'Only a suspended record reappears.',
  },
  // Issue #34: an upheld appeal puts the person back on the path to the payroll, through review.
  REINSTATED: {
    from: APPEALABLE,
    to: (_, e) => (e.comparison ? AFTER_LOOKUP[e.comparison] : 'AWAITING_REVALIDATION'),
    moved: 'RECORD_REINSTATED',
    stayed: null,
    refusal: APPEAL_MESSAGES.noLongerOff,
  },
};

/** A rule's action when the record moves, for this event. */
function movedAction(rule: Rule<RecordEventType>, event: RecordEvent): RecordAuditAction | null {
  return typeof rule.moved === 'function' ? rule.moved(event as never) : rule.moved;
}

/** Whether `status` (as a row holds it) is one of `statuses`. */
export const isOneOf = (statuses: readonly RecordStatus[], status: string): boolean =>
  (statuses as readonly string[]).includes(status);
const isStatus = (s: string): s is RecordStatus => isOneOf(RECORD_STATUSES, s);

/** The states `type` applies in (a repository's guard for a statement over many records). */
export function statesFor(type: RecordEventType): readonly RecordStatus[] {
  return RULES[type].from;
}

/**
 * Why `type` is refused in state `from`, or null when it applies there. A record awaiting a second
 * approver refuses with the same message whatever was tried (edit, decision, re-verification).
 */
export function refusalOf(from: string, type: RecordEventType): string | null {
  const rule = RULES[type];
  if (isStatus(from) && rule.from.includes(from)) return null;
  return from === AWAITING_SECOND_APPROVAL ? APPROVAL_MESSAGES.recordPending : rule.refusal;
}

/** The state `event` takes a record in state `from` to, with its audit entry, or the refusal. */
export function transition(from: string, event: RecordEvent): Transition {
  const rule = RULES[event.type] as Rule<RecordEventType>;
  const message = refusalOf(from, event.type);
  if (message !== null || !isStatus(from)) return { allowed: false, from, message: message ?? rule.refusal };
  const to = rule.to(from, event as never);
  const moved = to !== from;
  const action = moved ? movedAction(rule, event) : rule.stayed;
  const audit =
    action === null
      ? null
      : { action, before: moved ? { status: from } : {}, after: moved ? { status: to } : {} };
  return { allowed: true, from, to, audit };
}

/** transition(), answering a refusal with 409 and its message (the API's single-record decisions). */
export function requireTransition(from: string, event: RecordEvent) {
  const t = transition(from, event);
  if (!t.allowed) throw conflict(t.message);
  return t;
}

/**
 * Whether an allowed transition puts a record into the payroll (approve, resolve): such a move is
 * refused while the record is held by an undecided SHARES_REMOVED_IDENTITY (issue #30).
 */
export function entersPayroll(t: Transition): boolean {
  return t.allowed && isOneOf(IN_PAYROLL, t.to) && !isOneOf(IN_PAYROLL, t.from);
}

/**
 * A bulk verification's move of one record, as its statement writes it (issue #31 item 8): the
 * status the lookup gives and the audit action of that move, from the VERIFIED rule. Only for a
 * record in one of statesFor('VERIFIED'); the statement checks that.
 */
export function bulkVerifiedMove(lookup: LookupResult): { to: RecordStatus; action: RecordAuditAction } {
  const t = transition(NEEDS_VERIFICATION[0]!, { type: 'VERIFIED', lookup });
  if (!t.allowed || !t.audit) throw new Error('VERIFIED writes an audit entry for every move');
  return { to: t.to, action: t.audit.action };
}

/** Every audit action a bulk verification writes (its history's entries, whatever the outcome). */
export const BULK_VERIFIED_ACTIONS: readonly RecordAuditAction[] = Object.values(VERIFIED_ACTIONS);

/** The status a lookup gives a record awaiting verification (the same for VERIFIED and REVERIFIED). */
export function statusAfterLookup(lookup: LookupResult): RecordStatus {
  return AFTER_LOOKUP[lookup];
}

/**
 * `event` as one statement over many records applies it: records in `from` move to `to` (audited
 * as `moved`), the others where it applies keep their state (audited as `stayed`). Derived from
 * the rules, so the SQL and transition() cannot disagree.
 */
export function bulkMove(event: RecordEvent) {
  const moves = RECORD_STATUSES.flatMap((from) => {
    const t = transition(from, event);
    return t.allowed && t.to !== from ? [{ from, to: t.to }] : [];
  });
  const to = moves[0]?.to;
  if (!to || moves.some((m) => m.to !== to)) throw new Error(`${event.type} does not move to one state`);
  const rule = RULES[event.type] as Rule<RecordEventType>;
  return { from: moves.map((m) => m.from), to, moved: movedAction(rule, event), stayed: rule.stayed };
}

/**
 * States as a SQL list of literals (`'A', 'B'`), for statements that take no parameters (COPY) or
 * whose plans are kept as they were with constants. Only known states pass: nothing else is quoted.
 */
export function statusLiterals(statuses: readonly RecordStatus[]): string {
  if (statuses.length === 0 || !statuses.every(isStatus)) throw new Error('not a list of record states');
  return statuses.map((s) => `'${s}'`).join(', ');
}
