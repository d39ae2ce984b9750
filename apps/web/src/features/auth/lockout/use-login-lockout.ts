import { useCallback, useEffect, useState } from 'react';
import { readLoginLockout, saveLoginLockout, type LoginLockoutState } from '../../../lib/auth-storage.ts';
import {
  NO_LOCKOUT,
  formatCountdown,
  hasBlockEnded,
  isBlocked,
  registerFailure,
  remainingBlockMs,
} from './login-lockout.ts';

const TICK_MS = 500;

export interface LoginLockout {
  blocked: boolean;
  /** mm:ss until the block ends; '00:00' when not blocked. */
  countdown: string;
  /** True once a block has run out, until the next failure or reset. */
  unlocked: boolean;
  /** Counts a rejected sign-in and returns the new state. */
  recordFailure: () => LoginLockoutState;
  reset: () => void;
}

/**
 * Lockout state persisted in localStorage, so a block survives a reload. Storage is the source
 * of truth; React state mirrors it for rendering. The first render is a first visit's (no
 * lockout), as the pre-rendered copy it hydrates; storage is read right after (DECISIONS 200).
 */
export function useLoginLockout(): LoginLockout {
  const [state, setState] = useState<LoginLockoutState>(NO_LOCKOUT);
  const [now, setNow] = useState(() => Date.now());
  const [unlocked, setUnlocked] = useState(false);

  useEffect(() => setState(readLoginLockout()), []);

  useEffect(() => {
    if (state.blockedUntil === null) return;
    const blockState = state;
    const tick = () => {
      const current = Date.now();
      if (hasBlockEnded(blockState, current)) {
        saveLoginLockout(NO_LOCKOUT);
        setState(NO_LOCKOUT);
        setUnlocked(true);
      } else {
        setNow(current);
      }
    };
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [state]);

  const recordFailure = useCallback(() => {
    const current = Date.now();
    const next = registerFailure(readLoginLockout(), current);
    saveLoginLockout(next);
    setState(next);
    setNow(current);
    setUnlocked(false);
    return next;
  }, []);

  const reset = useCallback(() => {
    saveLoginLockout(NO_LOCKOUT);
    setState(NO_LOCKOUT);
    setUnlocked(false);
  }, []);

  return {
    blocked: isBlocked(state, now),
    countdown: formatCountdown(remainingBlockMs(state, now)),
    unlocked,
    recordFailure,
    reset,
  };
}
