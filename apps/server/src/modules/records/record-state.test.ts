import { describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES } from '@portal/contract/appeals';
import { CLAIM_MESSAGES } from '@portal/contract/claims';
import { RECORD_STATUSES, type RecordStatus } from '@portal/contract/records';
import { VALIDATION_MESSAGES } from '@portal/contract/validation';
import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { AppError } from '../../platform/errors.ts';
import {
  bulkMove,
  bulkVerifiedMove,
  CHECKED,
  IN_PAYROLL,
  INTEGRITY_JUDGED,
  inPayrollSql,
  isInPayroll,
  isOneOf,
  NEEDS_VERIFICATION,
  NOT_CLAIMABLE,
  refusalOf,
  requireTransition,
  REVIEWABLE,
  statesFor,
  STATUS_FIGURES,
  statusAfterLookup,
  statusLiterals,
  transition,
  type RecordAuditAction,
  type RecordEvent,
  type RecordEventType,
  isClaimable,
} from './record-state.ts';

const BEFORE_APPROVAL = [
  'UPLOADED',
  'PENDING_GRADE_VALIDATION',
  'MISMATCHED',
  'NOT_FOUND',
  'VALIDATED',
  'AWAITING_REVALIDATION',
  'SUSPENDED',
] as const satisfies readonly RecordStatus[];

/** Every event, each payload it can carry: the type makes a new event fail here until listed. */
const EVENTS: { [T in RecordEventType]: Extract<RecordEvent, { type: T }>[] } = {
  VERIFIED: [
    { type: 'VERIFIED', lookup: 'AGREES' },
    { type: 'VERIFIED', lookup: 'DISAGREES' },
    { type: 'VERIFIED', lookup: 'ABSENT' },
  ],
  VERIFICATION_FAILED: [{ type: 'VERIFICATION_FAILED' }],
  REVERIFIED: [
    { type: 'REVERIFIED', lookup: 'AGREES' },
    { type: 'REVERIFIED', lookup: 'DISAGREES' },
    { type: 'REVERIFIED', lookup: 'ABSENT' },
  ],
  APPROVED: [{ type: 'APPROVED' }],
  INTEGRITY_CONFIRMED: [{ type: 'INTEGRITY_CONFIRMED' }],
  REJECTED: [{ type: 'REJECTED' }],
  RESOLVED: [{ type: 'RESOLVED' }],
  EDITED: [
    { type: 'EDITED', comparison: null },
    { type: 'EDITED', comparison: 'AGREES' },
    { type: 'EDITED', comparison: 'DISAGREES' },
  ],
  UPLOAD_CHANGED: [{ type: 'UPLOAD_CHANGED' }],
  UPLOAD_IDENTITY_CHANGED: [{ type: 'UPLOAD_IDENTITY_CHANGED' }],
  UPLOAD_REMOVAL_AWAITS_APPROVAL: [{ type: 'UPLOAD_REMOVAL_AWAITS_APPROVAL' }],
  UPLOAD_RECOMPARED: [
    { type: 'UPLOAD_RECOMPARED', comparison: 'AGREES' },
    { type: 'UPLOAD_RECOMPARED', comparison: 'DISAGREES' },
  ],
  SETTINGS_RECOMPARED: [
    { type: 'SETTINGS_RECOMPARED', comparison: 'AGREES' },
    { type: 'SETTINGS_RECOMPARED', comparison: 'DISAGREES' },
  ],
  REJECTION_AWAITS_APPROVAL: [{ type: 'REJECTION_AWAITS_APPROVAL' }],
  CONFIRMATION_AWAITS_APPROVAL: [{ type: 'CONFIRMATION_AWAITS_APPROVAL' }],
  SECOND_APPROVAL_GRANTED: [{ type: 'SECOND_APPROVAL_GRANTED' }],
  REVALIDATION_GRANTED: [{ type: 'REVALIDATION_GRANTED' }],
  RECOMPARE_GRANTED: [
    { type: 'RECOMPARE_GRANTED', comparison: 'AGREES' },
    { type: 'RECOMPARE_GRANTED', comparison: 'DISAGREES' },
  ],
  // Back to any state a rejection or a confirmation can be asked from.
  SECOND_APPROVAL_DECLINED: BEFORE_APPROVAL.map((back) => ({ type: 'SECOND_APPROVAL_DECLINED', back })),
  SECOND_APPROVAL_WITHDRAWN: BEFORE_APPROVAL.map((back) => ({ type: 'SECOND_APPROVAL_WITHDRAWN', back })),
  SUSPENDED_NO_SHOW: [{ type: 'SUSPENDED_NO_SHOW' }],
  REAPPEARED: [{ type: 'REAPPEARED' }],
  REINSTATED: [
    { type: 'REINSTATED', comparison: 'AGREES' },
    { type: 'REINSTATED', comparison: 'DISAGREES' },
    { type: 'REINSTATED', comparison: null },
  ],
};

const label = (e: RecordEvent) =>
  [e.type, 'lookup' in e ? e.lookup : 'comparison' in e ? String(e.comparison) : 'back' in e ? e.back : '']
    .filter(Boolean)
    .join(' ');

type Expected = { to: RecordStatus; action: RecordAuditAction | null } | { refused: string };
const go = (to: RecordStatus, action: RecordAuditAction | null): Expected => ({ to, action });
const no = (refused: string): Expected => ({ refused });

const notWaiting = no('The record is no longer awaiting verification.');
const notAwaiting = no(CLAIM_MESSAGES.notAwaiting);
const notReviewable = no(VALIDATION_MESSAGES.notReviewable);
const notMismatched = no(VALIDATION_MESSAGES.notMismatched);
const alreadyRejected = no('This record is already rejected.');
const notChecked = no('Only a checked record is compared again after an upload.');
const notInReview = no('Only a record in review is compared again after a settings change.');
const pending = no(APPROVAL_MESSAGES.recordPending);
const notPending = no(APPROVAL_MESSAGES.notPending);
const notSuspendable = no(
  'Only a record expected to appear, with no decision pending, can be suspended as a no-show.',
);
const notSuspended = no('Only a suspended record reappears.');
const notOff = no(APPEAL_MESSAGES.noLongerOff);
const notPaid = no('Only a record in the payroll awaits approval of its removal by an upload.');
const U = 'UPLOADED';
const P = 'PENDING_GRADE_VALIDATION';
const M = 'MISMATCHED';
const N = 'NOT_FOUND';
const V = 'VALIDATED';
const R = 'REJECTED';
const A = 'AWAITING_REVALIDATION';
const S = 'PENDING_SECOND_APPROVAL';
const X = 'SUSPENDED';
const keeps = (action: RecordAuditAction | null) =>
  Object.fromEntries(RECORD_STATUSES.map((s) => [s, go(s, action)])) as Record<RecordStatus, Expected>;

// prettier-ignore
/** The whole table, written out by hand: event (with its payload) × state → new state and audit action, or refusal. */
const TABLE: Record<string, Record<RecordStatus, Expected>> = {
  'VERIFIED AGREES': { [U]: go(P, 'RECORD_VERIFIED'), [P]: notWaiting, [M]: notWaiting, [N]: notWaiting, [V]: notWaiting, [R]: notWaiting, [A]: go(P, 'RECORD_VERIFIED'), [S]: pending, [X]: notWaiting },
  'VERIFIED DISAGREES': { [U]: go(M, 'RECORD_VERIFIED_MISMATCH'), [P]: notWaiting, [M]: notWaiting, [N]: notWaiting, [V]: notWaiting, [R]: notWaiting, [A]: go(M, 'RECORD_VERIFIED_MISMATCH'), [S]: pending, [X]: notWaiting },
  'VERIFIED ABSENT': { [U]: go(N, 'RECORD_NOT_FOUND_IN_SOURCE'), [P]: notWaiting, [M]: notWaiting, [N]: notWaiting, [V]: notWaiting, [R]: notWaiting, [A]: go(N, 'RECORD_NOT_FOUND_IN_SOURCE'), [S]: pending, [X]: notWaiting },
  VERIFICATION_FAILED: { [U]: go(U, null), [P]: notWaiting, [M]: notWaiting, [N]: notWaiting, [V]: notWaiting, [R]: notWaiting, [A]: go(A, null), [S]: pending, [X]: notWaiting },
  'REVERIFIED AGREES': { [U]: notAwaiting, [P]: notAwaiting, [M]: notAwaiting, [N]: notAwaiting, [V]: notAwaiting, [R]: notAwaiting, [A]: go(P, 'RECORD_REVERIFIED'), [S]: pending, [X]: go(P, 'RECORD_REVERIFIED') },
  'REVERIFIED DISAGREES': { [U]: notAwaiting, [P]: notAwaiting, [M]: notAwaiting, [N]: notAwaiting, [V]: notAwaiting, [R]: notAwaiting, [A]: go(M, 'RECORD_REVERIFIED'), [S]: pending, [X]: go(M, 'RECORD_REVERIFIED') },
  'REVERIFIED ABSENT': { [U]: notAwaiting, [P]: notAwaiting, [M]: notAwaiting, [N]: notAwaiting, [V]: notAwaiting, [R]: notAwaiting, [A]: go(N, 'RECORD_REVERIFIED'), [S]: pending, [X]: go(N, 'RECORD_REVERIFIED') },
  APPROVED: { [U]: notReviewable, [P]: go(V, 'RECORD_APPROVED'), [M]: notReviewable, [N]: notReviewable, [V]: notReviewable, [R]: notReviewable, [A]: notReviewable, [S]: pending, [X]: notReviewable },
  REJECTED: { [U]: notReviewable, [P]: go(R, 'RECORD_REJECTED'), [M]: go(R, 'RECORD_REJECTED'), [N]: notReviewable, [V]: notReviewable, [R]: notReviewable, [A]: notReviewable, [S]: pending, [X]: notReviewable },
  RESOLVED: { [U]: notMismatched, [P]: notMismatched, [M]: go(V, 'RECORD_MISMATCH_RESOLVED'), [N]: notMismatched, [V]: notMismatched, [R]: notMismatched, [A]: notMismatched, [S]: pending, [X]: notMismatched },
  INTEGRITY_CONFIRMED: { [U]: go(R, 'RECORD_INTEGRITY_CONFIRMED'), [P]: go(R, 'RECORD_INTEGRITY_CONFIRMED'), [M]: go(R, 'RECORD_INTEGRITY_CONFIRMED'), [N]: go(R, 'RECORD_INTEGRITY_CONFIRMED'), [V]: go(R, 'RECORD_INTEGRITY_CONFIRMED'), [R]: alreadyRejected, [A]: go(R, 'RECORD_INTEGRITY_CONFIRMED'), [S]: pending, [X]: go(R, 'RECORD_INTEGRITY_CONFIRMED') },
  'EDITED null': { ...keeps('RECORD_EDITED'), [S]: pending },
  'EDITED AGREES': { ...keeps('RECORD_EDITED'), [M]: go(P, 'RECORD_EDITED'), [S]: pending },
  'EDITED DISAGREES': { ...keeps('RECORD_EDITED'), [S]: pending },
  UPLOAD_CHANGED: keeps('RECORD_UPDATED_BY_UPLOAD'),
  UPLOAD_IDENTITY_CHANGED: {
    ...keeps('RECORD_UPDATED_BY_UPLOAD'),
    [P]: go(A, 'RECORD_REVERIFICATION_REQUIRED'),
    [M]: go(A, 'RECORD_REVERIFICATION_REQUIRED'),
    [V]: go(A, 'RECORD_REVERIFICATION_REQUIRED'),
  },
  UPLOAD_REMOVAL_AWAITS_APPROVAL: { [U]: notPaid, [P]: notPaid, [M]: notPaid, [N]: notPaid, [V]: go(S, 'APPROVAL_REQUESTED'), [R]: notPaid, [A]: notPaid, [S]: pending, [X]: notPaid },
  'UPLOAD_RECOMPARED AGREES': { [U]: notChecked, [P]: go(P, null), [M]: go(P, 'RECORD_RECOMPARED_AFTER_UPLOAD'), [N]: notChecked, [V]: go(P, 'RECORD_RECOMPARED_AFTER_UPLOAD'), [R]: notChecked, [A]: notChecked, [S]: pending, [X]: notChecked },
  'UPLOAD_RECOMPARED DISAGREES': { [U]: notChecked, [P]: go(M, 'RECORD_RECOMPARED_AFTER_UPLOAD'), [M]: go(M, null), [N]: notChecked, [V]: go(M, 'RECORD_RECOMPARED_AFTER_UPLOAD'), [R]: notChecked, [A]: notChecked, [S]: pending, [X]: notChecked },
  'SETTINGS_RECOMPARED AGREES': { [U]: notInReview, [P]: go(P, null), [M]: go(P, 'RECORD_RECOMPARED_AFTER_SETTINGS'), [N]: notInReview, [V]: notInReview, [R]: notInReview, [A]: notInReview, [S]: pending, [X]: notInReview },
  'SETTINGS_RECOMPARED DISAGREES': { [U]: notInReview, [P]: go(M, 'RECORD_RECOMPARED_AFTER_SETTINGS'), [M]: go(M, null), [N]: notInReview, [V]: notInReview, [R]: notInReview, [A]: notInReview, [S]: pending, [X]: notInReview },
  REJECTION_AWAITS_APPROVAL: { [U]: notReviewable, [P]: go(S, 'APPROVAL_REQUESTED'), [M]: go(S, 'APPROVAL_REQUESTED'), [N]: notReviewable, [V]: notReviewable, [R]: notReviewable, [A]: notReviewable, [S]: pending, [X]: notReviewable },
  CONFIRMATION_AWAITS_APPROVAL: { [U]: go(S, 'APPROVAL_REQUESTED'), [P]: go(S, 'APPROVAL_REQUESTED'), [M]: go(S, 'APPROVAL_REQUESTED'), [N]: go(S, 'APPROVAL_REQUESTED'), [V]: go(S, 'APPROVAL_REQUESTED'), [R]: alreadyRejected, [A]: go(S, 'APPROVAL_REQUESTED'), [S]: pending, [X]: go(S, 'APPROVAL_REQUESTED') },
  SECOND_APPROVAL_GRANTED: { [U]: notPending, [P]: notPending, [M]: notPending, [N]: notPending, [V]: notPending, [R]: notPending, [A]: notPending, [S]: go(R, 'RECORD_REJECTED'), [X]: notPending },
  'RECOMPARE_GRANTED AGREES': { [U]: notPending, [P]: notPending, [M]: notPending, [N]: notPending, [V]: notPending, [R]: notPending, [A]: notPending, [S]: go(P, 'RECORD_RECOMPARED_AFTER_UPLOAD'), [X]: notPending },
  'RECOMPARE_GRANTED DISAGREES': { [U]: notPending, [P]: notPending, [M]: notPending, [N]: notPending, [V]: notPending, [R]: notPending, [A]: notPending, [S]: go(M, 'RECORD_RECOMPARED_AFTER_UPLOAD'), [X]: notPending },
  REVALIDATION_GRANTED: { [U]: notPending, [P]: notPending, [M]: notPending, [N]: notPending, [V]: notPending, [R]: notPending, [A]: notPending, [S]: go(A, 'RECORD_REVERIFICATION_REQUIRED'), [X]: notPending },
  SUSPENDED_NO_SHOW: { [U]: go(X, 'RECORD_SUSPENDED'), [P]: go(X, 'RECORD_SUSPENDED'), [M]: go(X, 'RECORD_SUSPENDED'), [N]: go(X, 'RECORD_SUSPENDED'), [V]: go(X, 'RECORD_SUSPENDED'), [R]: notSuspendable, [A]: go(X, 'RECORD_SUSPENDED'), [S]: pending, [X]: notSuspendable },
  REAPPEARED: { [U]: notSuspended, [P]: notSuspended, [M]: notSuspended, [N]: notSuspended, [V]: notSuspended, [R]: notSuspended, [A]: notSuspended, [S]: pending, [X]: go(A, 'RECORD_REAPPEARED') },
  'REINSTATED AGREES': { [U]: notOff, [P]: notOff, [M]: notOff, [N]: notOff, [V]: notOff, [R]: go(P, 'RECORD_REINSTATED'), [A]: notOff, [S]: pending, [X]: go(P, 'RECORD_REINSTATED') },
  'REINSTATED DISAGREES': { [U]: notOff, [P]: notOff, [M]: notOff, [N]: notOff, [V]: notOff, [R]: go(M, 'RECORD_REINSTATED'), [A]: notOff, [S]: pending, [X]: go(M, 'RECORD_REINSTATED') },
  'REINSTATED null': { [U]: notOff, [P]: notOff, [M]: notOff, [N]: notOff, [V]: notOff, [R]: go(A, 'RECORD_REINSTATED'), [A]: notOff, [S]: pending, [X]: go(A, 'RECORD_REINSTATED') },
  ...Object.fromEntries(
    BEFORE_APPROVAL.flatMap((back) => [
      [`SECOND_APPROVAL_DECLINED ${back}`, { [U]: notPending, [P]: notPending, [M]: notPending, [N]: notPending, [V]: notPending, [R]: notPending, [A]: notPending, [S]: go(back, 'APPROVAL_DECLINED'), [X]: notPending }],
      [`SECOND_APPROVAL_WITHDRAWN ${back}`, { [U]: notPending, [P]: notPending, [M]: notPending, [N]: notPending, [V]: notPending, [R]: notPending, [A]: notPending, [S]: go(back, 'APPROVAL_WITHDRAWN'), [X]: notPending }],
    ]),
  ),
};

const cases = Object.values(EVENTS)
  .flat()
  .flatMap((event) => RECORD_STATUSES.map((from) => ({ event, from, name: `${label(event)} from ${from}` })));

describe('the record state machine', () => {
  it('has an expected answer for every event and state, and no other', () => {
    const labels = Object.values(EVENTS).flat().map(label);
    expect(Object.keys(TABLE).sort()).toEqual([...labels].sort());
    for (const row of Object.values(TABLE))
      expect(Object.keys(row).sort()).toEqual([...RECORD_STATUSES].sort());
    expect(cases).toHaveLength(labels.length * RECORD_STATUSES.length);
  });

  it.each(cases)('$name', ({ event, from }) => {
    const expected = TABLE[label(event)]![from];
    const t = transition(from, event);
    if ('refused' in expected) {
      expect(t).toEqual({ allowed: false, from, message: expected.refused });
      expect(refusalOf(from, event.type)).toBe(expected.refused);
      expect(() => requireTransition(from, event)).toThrow(
        expect.objectContaining({ statusCode: 409, message: expected.refused }),
      );
      return;
    }
    expect(refusalOf(from, event.type)).toBeNull();
    const moved = expected.to !== from;
    expect(t).toEqual({
      allowed: true,
      from,
      to: expected.to,
      // The status appears in the audit entry exactly when it changed.
      audit:
        expected.action === null
          ? null
          : {
              action: expected.action,
              before: moved ? { status: from } : {},
              after: moved ? { status: expected.to } : {},
            },
    });
    expect(requireTransition(from, event)).toEqual(t);
  });

  it('refuses every event on a state it does not know', () => {
    for (const event of Object.values(EVENTS).flat()) {
      const t = transition('SOMETHING_ELSE', event);
      expect(t.allowed).toBe(false);
      expect(() => requireTransition('SOMETHING_ELSE', event)).toThrow(AppError);
    }
  });
});

describe('what statements over many records receive', () => {
  it('bulk verification takes up, and writes, only records awaiting verification', () => {
    expect(statesFor('VERIFIED')).toEqual([U, A]);
    expect(statesFor('VERIFICATION_FAILED')).toEqual(NEEDS_VERIFICATION);
    expect(statesFor('VERIFIED')).toEqual(NEEDS_VERIFICATION);
    expect([
      statusAfterLookup('AGREES'),
      statusAfterLookup('DISAGREES'),
      statusAfterLookup('ABSENT'),
    ]).toEqual([P, M, N]);
    // Each record's outcome is written to its history (issue #31 item 8), by what the lookup found.
    expect([bulkVerifiedMove('AGREES'), bulkVerifiedMove('DISAGREES'), bulkVerifiedMove('ABSENT')]).toEqual([
      { to: P, action: 'RECORD_VERIFIED' },
      { to: M, action: 'RECORD_VERIFIED_MISMATCH' },
      { to: N, action: 'RECORD_NOT_FOUND_IN_SOURCE' },
    ]);
  });

  it("an upload's identity change moves the checked records to AWAITING_REVALIDATION, the rest stay", () => {
    expect(bulkMove({ type: 'UPLOAD_IDENTITY_CHANGED' })).toEqual({
      from: [P, M, V],
      to: A,
      moved: 'RECORD_REVERIFICATION_REQUIRED',
      stayed: 'RECORD_UPDATED_BY_UPLOAD',
    });
    expect(statesFor('UPLOAD_RECOMPARED')).toEqual(CHECKED);
    expect(CHECKED).toEqual([P, M, V]);
    expect(REVIEWABLE).toEqual([P, M]);
  });

  it('with a second approver on, an upload that would take a record out of the payroll holds it in PENDING_SECOND_APPROVAL (issue #30)', () => {
    expect(bulkMove({ type: 'UPLOAD_REMOVAL_AWAITS_APPROVAL' })).toEqual({
      from: IN_PAYROLL,
      to: S,
      moved: 'APPROVAL_REQUESTED',
      stayed: 'APPROVAL_REQUESTED',
    });
    // Held, it stays in the payroll; granted, it is verified again.
    expect(isInPayroll(S, V)).toBe(true);
    expect(bulkMove({ type: 'REVALIDATION_GRANTED' }).to).toBe(A);
  });

  it('the upload statement audits a record whose identity stayed as the identity rule audits a kept one', () => {
    const { stayed } = bulkMove({ type: 'UPLOAD_IDENTITY_CHANGED' });
    for (const s of RECORD_STATUSES) {
      const t = transition(s, { type: 'UPLOAD_CHANGED' });
      expect(t.allowed && t.audit?.action).toBe(stayed);
    }
  });

  it('the integrity rules judge every record but a rejected one, and a confirmation rejects it (issue #21)', () => {
    expect(statesFor('INTEGRITY_CONFIRMED')).toEqual([U, P, M, N, V, A, X]);
    expect(bulkMove({ type: 'INTEGRITY_CONFIRMED' })).toEqual({
      from: [U, P, M, N, V, A, X],
      to: R,
      moved: 'RECORD_INTEGRITY_CONFIRMED',
      stayed: 'RECORD_INTEGRITY_CONFIRMED',
    });
  });

  it('an event that moves no record has no bulk move', () => {
    expect(() => bulkMove({ type: 'UPLOAD_CHANGED' })).toThrow(/one state/);
    expect(() => bulkMove({ type: 'VERIFICATION_FAILED' })).toThrow(/one state/);
  });

  it('the overview counts each state in exactly one figure', () => {
    expect(Object.values(STATUS_FIGURES).sort()).toEqual([...RECORD_STATUSES].sort());
  });

  it('the payroll carries VALIDATED records and those awaiting a rejection that were VALIDATED (issue #22)', () => {
    expect(isInPayroll(V, null)).toBe(true);
    expect(isInPayroll(S, V)).toBe(true);
    expect(isInPayroll(S, P)).toBe(false);
    expect(isInPayroll(R, null)).toBe(false);
    expect(isInPayroll(P, V)).toBe(false);
    // A suspended no-show is off the payroll, also while a decision on them awaits approval (issue #33).
    expect(isInPayroll(X, null)).toBe(false);
    expect(isInPayroll(S, X)).toBe(false);
    expect(inPayrollSql('r')).toBe(
      "(r.status in ('VALIDATED') or (r.status = 'PENDING_SECOND_APPROVAL' and r.status_before_approval in ('VALIDATED')))",
    );
    expect(() => inPayrollSql('r; drop')).toThrow();
    // The integrity rules keep judging a record awaiting a second approver (its flag stays open),
    // and a suspended no-show: held is not cleared (issue #33).
    expect(INTEGRITY_JUDGED).toEqual([U, P, M, N, V, A, S, X]);
  });

  it('reads a status as a row holds it', () => {
    expect(isOneOf(NOT_CLAIMABLE, 'REJECTED')).toBe(true);
    expect(isOneOf(NOT_CLAIMABLE, 'VALIDATED')).toBe(false);
    expect(isOneOf(IN_PAYROLL, 'validated')).toBe(false);
  });

  it('keeps a suspended potential ghost unclaimable (issue #33)', () => {
    expect(isClaimable(V, null)).toBe(true);
    expect(isClaimable(N, null)).toBe(false);
    expect(isClaimable(X, V)).toBe(true);
    expect(isClaimable(X, N)).toBe(false);
    expect(isClaimable(X, null)).toBe(true);
    // The state before a suspension is read only while suspended.
    expect(isClaimable(V, N)).toBe(true);
  });

  it('quotes only known states into SQL', () => {
    expect(statusLiterals([P, M])).toBe("'PENDING_GRADE_VALIDATION', 'MISMATCHED'");
    expect(() => statusLiterals(["VALIDATED') or ('1'='1" as RecordStatus])).toThrow();
    expect(() => statusLiterals([])).toThrow();
  });
});
