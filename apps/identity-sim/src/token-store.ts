import crypto from 'node:crypto';

/** Bearer tokens issued by /auth/token, kept in memory until they expire. */
export interface TokenStore {
  issue(): { accessToken: string; expiresIn: number };
  isValid(token: string): boolean;
}

/** Sweeping on issue keeps memory bounded when a client asks for a token per request. */
const SWEEP_EVERY = 1000;

export function createTokenStore(ttlSeconds: number, clock: () => number): TokenStore {
  const expiries = new Map<string, number>();
  let issued = 0;

  function sweep(now: number): void {
    for (const [token, expiresAt] of expiries) if (expiresAt <= now) expiries.delete(token);
  }

  return {
    issue() {
      const now = clock();
      issued += 1;
      if (issued % SWEEP_EVERY === 0) sweep(now);
      const accessToken = crypto.randomBytes(32).toString('base64url');
      expiries.set(accessToken, now + ttlSeconds * 1000);
      return { accessToken, expiresIn: ttlSeconds };
    },
    isValid(token) {
      const expiresAt = expiries.get(token);
      if (expiresAt === undefined) return false;
      if (expiresAt > clock()) return true;
      expiries.delete(token);
      return false;
    },
  };
}
