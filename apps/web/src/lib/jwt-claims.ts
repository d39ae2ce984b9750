import type { TokenClaims } from '@portal/contract/auth';
import { ROLES, USER_STATUSES } from '@portal/contract/role-names';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * The contract's TokenClaimsSchema, checked by hand: the sign-in page reads the claims and loads
 * no zod (DECISIONS 200). `jwt-claims.test.ts` holds the two to the same answers.
 */
function toClaims(value: unknown): TokenClaims | null {
  if (typeof value !== 'object' || value === null) return null;
  const { sub, role, status, tenantId, exp } = value as Record<string, unknown>;
  if (typeof sub !== 'string' || !isOneOf(ROLES, role) || !isOneOf(USER_STATUSES, status)) return null;
  if (tenantId !== null && typeof tenantId !== 'string') return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return { sub, role, status, tenantId, exp };
}

/**
 * Reads the claims of a JWT without verifying its signature: the server verifies every request,
 * the browser only needs the claims to pick screens.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return toClaims(JSON.parse(decodeBase64Url(payload)));
  } catch {
    return null;
  }
}

/** `exp` is in seconds since the epoch (RFC 7519). */
export function isExpired(claims: TokenClaims, now: number = Date.now()): boolean {
  return claims.exp * 1000 <= now;
}
