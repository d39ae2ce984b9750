import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Keys derived from PORTAL_SECRET, one per purpose (HKDF-SHA256). In demo mode, without a
 * PORTAL_SECRET, a random secret is generated once and kept in the data directory (never a
 * built-in default).
 */
export interface Keys {
  jwt: Uint8Array;
  atRest: Buffer;
  /** PORTAL_SECRET_PREVIOUS's key for secrets at rest, while a rotation is under way. */
  atRestPrevious?: Buffer;
  /**
   * The platform's key of the cross-tenant index (issue #36 item 4): HMAC-SHA-256 of every tenant's
   * NINs, BVNs and bank accounts. No tenant holds it; from CROSS_TENANT_KEY when set, else from
   * PORTAL_SECRET under a label of its own (a rotation of PORTAL_SECRET rebuilds the index).
   */
  crossTenant: Buffer;
}

export function resolvePortalSecret(portalSecret: string | undefined, dataDir: string): string {
  if (portalSecret) return portalSecret;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export function deriveKeys(secret: string, previousSecret?: string, crossTenantKey?: string): Keys {
  const derive = (from: string, purpose: string) =>
    Buffer.from(crypto.hkdfSync('sha256', from, 'verification-portal', purpose, 32));
  const atRest = 'secrets-at-rest-aes-256-gcm';
  // Sessions are signed under the current secret alone: a rotation (often after a leak) ends them.
  return {
    jwt: new Uint8Array(derive(secret, 'jwt-hs256')),
    atRest: derive(secret, atRest),
    ...(previousSecret && { atRestPrevious: derive(previousSecret, atRest) }),
    crossTenant: derive(crossTenantKey ?? secret, 'cross-tenant-index-hmac-sha256'),
  };
}

/** AES-256-GCM: base64 of iv(12) | tag(16) | ciphertext. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Seals secrets at rest under the current key; opens them under it or the previous one. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /**
   * The value sealed under the current key when it was sealed under the previous one; null when
   * it is already the current key's. Throws when neither key opens it.
   */
  reseal(sealed: string): string | null;
}

/**
 * `previous`: the key of PORTAL_SECRET_PREVIOUS while PORTAL_SECRET is rotated (DECISIONS; the
 * operator's steps in docs/operations-deploy.md). It only opens, never seals.
 */
export function secretBox(key: Buffer, previous?: Buffer): SecretBox {
  const opensWith = (k: Buffer, sealed: string): string | undefined => {
    try {
      return decryptSecret(k, sealed);
    } catch {
      return undefined;
    }
  };
  return {
    seal: (p) => encryptSecret(key, p),
    open: (s) => {
      if (!previous) return decryptSecret(key, s);
      return opensWith(key, s) ?? decryptSecret(previous, s);
    },
    reseal: (s) => {
      if (opensWith(key, s) !== undefined) return null;
      if (!previous) throw new Error('sealed under another PORTAL_SECRET');
      return encryptSecret(key, decryptSecret(previous, s));
    },
  };
}
