import { TokenClaimsSchema, type TokenClaims } from '@portal/contract/auth';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a JWT without verifying its signature: the server verifies every request,
 * the browser only needs the claims to pick screens.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = TokenClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `exp` is in seconds since the epoch (RFC 7519). */
export function isExpired(claims: TokenClaims, now: number = Date.now()): boolean {
  return claims.exp * 1000 <= now;
}
