import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import { TokenClaimsSchema, type TokenClaims } from '@portal/contract/auth';

export interface TokenUser {
  id: string;
  role: TokenClaims['role'];
  status: TokenClaims['status'];
  tenantId: string | null;
  tokenVersion: number;
}

export interface VerifiedToken extends TokenClaims {
  tv: number;
}

/** How many verified tokens a process remembers (about 0.5 KB each). */
const VERIFIED_TOKENS = 20_000;

/**
 * HS256 tokens with the claims of DESIGN §7 plus `tv`, the user's token version at issue time.
 * A token's signature is checked once per process: the same string verifies the same way until it
 * expires, so a verified token's claims are remembered until then (the expiry is checked on every
 * use). Whether its user may still use it is not remembered here: access/ checks the user's row
 * (token version, status) on every request.
 */
export class TokenService {
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS });

  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  async sign(user: TokenUser): Promise<string> {
    return new SignJWT({
      role: user.role,
      status: user.status,
      tenantId: user.tenantId,
      tv: user.tokenVersion,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** The verified claims, or null for a missing, malformed, tampered or expired token. */
  async verify(token: string): Promise<VerifiedToken | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = TokenClaimsSchema.safeParse(payload);
      if (!claims.success || typeof payload.tv !== 'number') return null;
      const verified = { ...claims.data, tv: payload.tv };
      this.verified.set(token, verified);
      return verified;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
