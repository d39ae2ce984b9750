import { LIMITS } from '@portal/contract/limits';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()-_=+[]{}?';

/** Character classes a generated password draws at least one character from. */
export const PASSWORD_CLASSES = { lower: LOWER, upper: UPPER, digits: DIGITS, symbols: SYMBOLS } as const;
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

/** An unbiased index in [0, n) from the platform's CSPRNG (rejection sampling, never `% n` bias). */
function randomIndex(n: number): number {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % n;
  }
}

const pick = (chars: string) => chars.charAt(randomIndex(chars.length));

/**
 * A random password for a new account (SPEC §2, §9: 12 characters of letters, digits and
 * symbols). It always holds a lower-case and an upper-case letter, a digit and a symbol, at
 * random positions.
 */
export function generatePassword(length: number = LIMITS.generatedPasswordLength): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher-Yates, so the guaranteed characters are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
