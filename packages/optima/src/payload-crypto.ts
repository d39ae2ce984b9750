import crypto from 'node:crypto';

/**
 * The OPTIMA payload cipher (DESIGN §5): base64(AES-256-CBC(aesKey, iv, utf-8 JSON)) with PKCS#7
 * padding. Shared by the simulator and the portal's provider client.
 *
 * Note: a fixed IV with CBC leaks equal plaintext prefixes; that is the provider's protocol, not a
 * choice of ours, and TLS protects the transport.
 */
export interface OptimaKeys {
  aesKey: Buffer;
  iv: Buffer;
}

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Reads key material given as hex or base64. Hex is recognised by charset and exact length (2 per
 * byte); base64 lengths for 16 and 32 bytes (24 and 44 chars) never equal the hex ones (32 and 64),
 * so the two readings cannot be confused.
 */
export function parseKeyMaterial(value: string, bytes: number, label: string): Buffer {
  const text = value.trim();
  if (text.length === bytes * 2 && HEX.test(text)) return Buffer.from(text, 'hex');
  if (BASE64.test(text)) {
    const decoded = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
    if (decoded.length === bytes) return decoded;
  }
  throw new Error(`${label} must be ${bytes} bytes, given as hex (${bytes * 2} chars) or base64`);
}

/** Parses a tenant's aesKey (32 bytes) and iv (16 bytes), each in hex or base64. */
export function parseOptimaKeys(aesKey: string, iv: string): OptimaKeys {
  return { aesKey: parseKeyMaterial(aesKey, 32, 'aesKey'), iv: parseKeyMaterial(iv, 16, 'iv') };
}

export function encryptText(keys: OptimaKeys, plaintext: string): string {
  const cipher = crypto.createCipheriv('aes-256-cbc', keys.aesKey, keys.iv);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/** Throws on a payload that is not base64 of whole blocks or whose padding is wrong. */
export function decryptText(keys: OptimaKeys, payload: string): string {
  const decipher = crypto.createDecipheriv('aes-256-cbc', keys.aesKey, keys.iv);
  const body = Buffer.from(payload, 'base64');
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Encrypts a value as the `payload` of an OPTIMA body. */
export function encryptPayload(keys: OptimaKeys, value: unknown): string {
  return encryptText(keys, JSON.stringify(value));
}

/** Decrypts an OPTIMA `payload` into parsed JSON; validate the result with the contract's schemas. */
export function decryptPayload(keys: OptimaKeys, payload: string): unknown {
  return JSON.parse(decryptText(keys, payload)) as unknown;
}
