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

export function deriveKeys(secret: string): Keys {
  const derive = (purpose: string) =>
    Buffer.from(crypto.hkdfSync('sha256', secret, 'verification-portal', purpose, 32));
  return { jwt: new Uint8Array(derive('jwt-hs256')), atRest: derive('secrets-at-rest-aes-256-gcm') };
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

/** Seals and opens secrets at rest under one key. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  return { seal: (p) => encryptSecret(key, p), open: (s) => decryptSecret(key, s) };
}
