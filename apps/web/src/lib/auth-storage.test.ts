import { describe, expect, it } from 'vitest';
import { buildToken } from '../test/build-token.ts';
import {
  clearToken,
  getRememberedEmail,
  isLoggedIn,
  readLoginLockout,
  readSession,
  saveLoginLockout,
  setRememberedEmail,
  storeToken,
  subscribeToToken,
} from './auth-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('session from the stored token', () => {
  it('is logged out without a token', () => {
    expect(readSession()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('is logged in while exp lies in the future and exposes the claims', () => {
    storeToken(buildToken({ role: 'REVIEWER', tenantId: 't-9', exp: nowSeconds() + 60 }));
    expect(isLoggedIn()).toBe(true);
    expect(readSession()?.claims).toMatchObject({ role: 'REVIEWER', tenantId: 't-9', status: 'ACTIVE' });
  });

  it('is logged out once exp has passed, even though the token is still stored', () => {
    const token = buildToken({ exp: 1_000 });
    storeToken(token);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(token);
    expect(isLoggedIn()).toBe(false);
  });

  it('checks expiry against the given time', () => {
    const token = buildToken({ exp: 2_000 });
    expect(readSession(token, 1_999_000)).not.toBeNull();
    expect(readSession(token, 2_000_000)).toBeNull();
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['a payload that is not JSON', 'a.bm90LWpzb24.c'],
    ['claims with an unknown role', buildToken({ role: 'ROOT' as never })],
  ])('treats %s as logged out', (_label, token) => {
    expect(readSession(token)).toBeNull();
  });

  it('notifies subscribers when the token is stored or cleared', () => {
    let calls = 0;
    const unsubscribe = subscribeToToken(() => calls++);
    storeToken(buildToken());
    clearToken();
    unsubscribe();
    storeToken(buildToken());
    expect(calls).toBe(2);
    expect(isLoggedIn()).toBe(true);
  });
});

describe('remembered email', () => {
  it('is stored and forgotten', () => {
    setRememberedEmail('ada@demo.local');
    expect(getRememberedEmail()).toBe('ada@demo.local');
    setRememberedEmail(null);
    expect(getRememberedEmail()).toBeNull();
  });
});

describe('login lockout persistence', () => {
  it('round-trips attempts and block-until', () => {
    saveLoginLockout({ failedAttempts: 3, blockedUntil: 1_234 });
    expect(readLoginLockout()).toEqual({ failedAttempts: 3, blockedUntil: 1_234 });
  });

  it('removes the keys when reset', () => {
    saveLoginLockout({ failedAttempts: 2, blockedUntil: 99 });
    saveLoginLockout({ failedAttempts: 0, blockedUntil: null });
    expect(localStorage.getItem(STORAGE_KEYS.loginFailedAttempts)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loginBlockedUntil)).toBeNull();
  });

  it('reads tampered values as no lockout', () => {
    localStorage.setItem(STORAGE_KEYS.loginFailedAttempts, 'many');
    localStorage.setItem(STORAGE_KEYS.loginBlockedUntil, 'soon');
    expect(readLoginLockout()).toEqual({ failedAttempts: 0, blockedUntil: null });
  });
});
