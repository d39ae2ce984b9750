import { describe, expect, it } from 'vitest';
import { LIMITS } from '@portal/contract/limits';
import {
  NO_LOCKOUT,
  formatCountdown,
  hasBlockEnded,
  isBlocked,
  registerFailure,
  remainingAttempts,
  remainingBlockMs,
} from './login-lockout.ts';

const T0 = 1_700_000_000_000;

function failTimes(count: number, now = T0) {
  let state = NO_LOCKOUT;
  for (let i = 0; i < count; i++) state = registerFailure(state, now);
  return state;
}

describe('login lockout', () => {
  it('counts failures below the limit without blocking', () => {
    const state = failTimes(2);
    expect(state).toEqual({ failedAttempts: 2, blockedUntil: null });
    expect(remainingAttempts(state)).toBe(1);
    expect(isBlocked(state, T0)).toBe(false);
  });

  it('blocks for 15 minutes on the third failure', () => {
    const state = failTimes(3);
    expect(LIMITS.loginMaxAttempts).toBe(3);
    expect(state.blockedUntil).toBe(T0 + 15 * 60 * 1000);
    expect(remainingAttempts(state)).toBe(0);
    expect(isBlocked(state, T0)).toBe(true);
    expect(isBlocked(state, T0 + 15 * 60 * 1000 - 1)).toBe(true);
  });

  it('ends the block at block-until', () => {
    const state = failTimes(3);
    const end = T0 + LIMITS.loginBlockMs;
    expect(hasBlockEnded(state, end - 1)).toBe(false);
    expect(hasBlockEnded(state, end)).toBe(true);
    expect(isBlocked(state, end)).toBe(false);
    expect(remainingBlockMs(state, end + 5_000)).toBe(0);
  });

  it('never reports an ended block without one', () => {
    expect(hasBlockEnded(NO_LOCKOUT, T0)).toBe(false);
    expect(remainingBlockMs(NO_LOCKOUT, T0)).toBe(0);
  });

  it('starts over after a reset', () => {
    const state = registerFailure(NO_LOCKOUT, T0);
    expect(state).toEqual({ failedAttempts: 1, blockedUntil: null });
    expect(remainingAttempts(NO_LOCKOUT)).toBe(3);
  });
});

describe('formatCountdown', () => {
  it.each([
    [15 * 60 * 1000, '15:00'],
    [15 * 60 * 1000 - 1, '15:00'],
    [14 * 60 * 1000 + 59_000, '14:59'],
    [61_000, '01:01'],
    [9_000, '00:09'],
    [1, '00:01'],
    [0, '00:00'],
    [-500, '00:00'],
  ])('formats %i ms as %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });
});
