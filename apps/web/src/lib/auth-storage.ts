import type { TokenClaims } from '@portal/contract/auth';
import { decodeTokenClaims, isExpired } from './jwt-claims.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** A stored token that decodes and has not expired. */
export interface Session {
  token: string;
  claims: TokenClaims;
}

/** Client-side login lockout as persisted between reloads (SPEC §4). */
export interface LoginLockoutState {
  failedAttempts: number;
  blockedUntil: number | null;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out.
  if (event.key === null || event.key === STORAGE_KEYS.authToken) notify();
}

/** Subscribes to token changes of this tab and of other tabs (for useSyncExternalStore). */
export function subscribeToToken(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getStoredToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.authToken);
}

export function storeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  notify();
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.authToken);
  notify();
}

/** Logged in = a stored token whose `exp` lies in the future (SPEC §4, §9). */
export function readSession(
  token: string | null = getStoredToken(),
  now: number = Date.now(),
): Session | null {
  if (!token) return null;
  const claims = decodeTokenClaims(token);
  if (!claims || isExpired(claims, now)) return null;
  return { token, claims };
}

export function isLoggedIn(now: number = Date.now()): boolean {
  return readSession(getStoredToken(), now) !== null;
}

export function getRememberedEmail(): string | null {
  return localStorage.getItem(STORAGE_KEYS.rememberedEmail);
}

export function setRememberedEmail(email: string | null): void {
  if (email) localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
  else localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
}

function readNumber(key: string): number | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function readLoginLockout(): LoginLockoutState {
  return {
    failedAttempts: Math.max(0, Math.trunc(readNumber(STORAGE_KEYS.loginFailedAttempts) ?? 0)),
    blockedUntil: readNumber(STORAGE_KEYS.loginBlockedUntil),
  };
}

export function saveLoginLockout(state: LoginLockoutState): void {
  if (state.failedAttempts > 0) {
    localStorage.setItem(STORAGE_KEYS.loginFailedAttempts, String(state.failedAttempts));
  } else {
    localStorage.removeItem(STORAGE_KEYS.loginFailedAttempts);
  }
  if (state.blockedUntil !== null) {
    localStorage.setItem(STORAGE_KEYS.loginBlockedUntil, String(state.blockedUntil));
  } else {
    localStorage.removeItem(STORAGE_KEYS.loginBlockedUntil);
  }
}
