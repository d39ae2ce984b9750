import { LIMITS } from '@portal/contract/limits';
import type { LoginLockoutState } from '../../../lib/auth-storage.ts';

/** The client lockout of SPEC §4 as pure functions of a state and the current time. */
export const NO_LOCKOUT: LoginLockoutState = { failedAttempts: 0, blockedUntil: null };

export function isBlocked(state: LoginLockoutState, now: number): boolean {
  return state.blockedUntil !== null && state.blockedUntil > now;
}

/** A block that was set and has run out: attempts start again from zero. */
export function hasBlockEnded(state: LoginLockoutState, now: number): boolean {
  return state.blockedUntil !== null && state.blockedUntil <= now;
}

export function remainingBlockMs(state: LoginLockoutState, now: number): number {
  return state.blockedUntil === null ? 0 : Math.max(0, state.blockedUntil - now);
}

export function remainingAttempts(state: LoginLockoutState): number {
  return Math.max(0, LIMITS.loginMaxAttempts - state.failedAttempts);
}

/** One more rejected sign-in; the attempt that reaches the limit starts the block. */
export function registerFailure(state: LoginLockoutState, now: number): LoginLockoutState {
  const failedAttempts = state.failedAttempts + 1;
  return {
    failedAttempts,
    blockedUntil: failedAttempts >= LIMITS.loginMaxAttempts ? now + LIMITS.loginBlockMs : null,
  };
}

/** mm:ss, rounding up so the display reaches 00:00 only when the block is over. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
