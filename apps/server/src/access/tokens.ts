import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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

/** HS256 tokens with the claims of DESIGN §7 plus `tv`, the user's token version at issue time. */
export class TokenService {
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = TokenClaimsSchema.safeParse(payload);
      if (!claims.success || typeof payload.tv !== 'number') return null;
      return { ...claims.data, tv: payload.tv };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
