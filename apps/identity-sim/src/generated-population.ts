import type { OptimaPerson } from '@portal/optima/protocol';
import { fullNameOf, randomName } from './demo-names.ts';
import { formatGradeLevel, randomPosting } from './demo-org.ts';
import { mixSeed, mulberry32, randomInt } from './prng.ts';

/**
 * A deterministic population computed on demand: person i is a pure function of (seed, i), and NIN,
 * SSID and PSN are bijections of i. Nothing is stored, so 1,000,000 (or 100,000,000) people start
 * instantly in constant memory, and a lookup inverts the NIN back to i.
 */
export interface GeneratedPopulationOptions {
  count: number;
  seed: number;
  /** Share (0..1) of people without biometrics enrolled; the ghost signal. Default 0.03. */
  noBiometricsShare?: number;
}

export const MAX_GENERATED_PEOPLE = 100_000_000;

const NIN_BASE = 10_000_000_000n; // NINs are 11 digits without a leading zero
const NIN_SPACE = 90_000_000_000n;

/** x → (a·x + b) mod m with gcd(a, m) = 1; m's only prime factors are 2, 3 and 5 here. */
class AffinePermutation {
  private readonly modulus: bigint;
  private readonly a: bigint;
  private readonly b: bigint;
  private readonly aInverse: bigint;

  constructor(modulus: bigint, seed: number) {
    this.modulus = modulus;
    const random = mulberry32(seed);
    const draw = () =>
      BigInt(Math.floor(random() * 2 ** 32)) * 2n ** 21n + BigInt(Math.floor(random() * 2 ** 21));
    let a = draw() % modulus;
    while (a < 2n || a % 2n === 0n || a % 3n === 0n || a % 5n === 0n) a = (a + 1n) % modulus;
    this.a = a;
    this.b = draw() % modulus;
    this.aInverse = modularInverse(a, modulus);
  }

  forward(x: number): bigint {
    return (this.a * BigInt(x) + this.b) % this.modulus;
  }

  inverse(y: bigint): bigint {
    return ((((y - this.b) % this.modulus) + this.modulus) * this.aInverse) % this.modulus;
  }
}

function modularInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

export class GeneratedPopulation {
  readonly size: number;
  private readonly seed: number;
  private readonly noBiometricsShare: number;
  private readonly nins: AffinePermutation;
  private readonly ssids: AffinePermutation;
  private readonly psns: AffinePermutation;
  private readonly psnDigits: number;

  constructor(options: GeneratedPopulationOptions) {
    const { count, seed } = options;
    if (!Number.isInteger(count) || count < 0 || count > MAX_GENERATED_PEOPLE) {
      throw new Error(`generate must be an integer from 0 to ${MAX_GENERATED_PEOPLE}`);
    }
    this.size = count;
    this.seed = seed >>> 0;
    this.noBiometricsShare = options.noBiometricsShare ?? 0.03;
    this.nins = new AffinePermutation(NIN_SPACE, mixSeed(this.seed, 0x6e696e));
    this.ssids = new AffinePermutation(10n ** 8n, mixSeed(this.seed, 0x737369));
    // Six digits as on real payrolls while they suffice; eight beyond a million people.
    this.psnDigits = count <= 1_000_000 ? 6 : 8;
    this.psns = new AffinePermutation(10n ** BigInt(this.psnDigits), mixSeed(this.seed, 0x70736e));
  }

  /** The NIN of person `index` (0-based), for building master lists that match this population. */
  ninAt(index: number): string {
    return String(NIN_BASE + this.nins.forward(index));
  }

  get(nin: string): OptimaPerson | undefined {
    if (!/^[1-9]\d{10}$/.test(nin)) return undefined;
    const index = this.nins.inverse(BigInt(nin) - NIN_BASE);
    return index < BigInt(this.size) ? this.personAt(Number(index)) : undefined;
  }

  personAt(index: number): OptimaPerson {
    if (!Number.isInteger(index) || index < 0 || index >= this.size)
      throw new RangeError('index out of range');
    // Every draw happens unconditionally so that one knob (e.g. noBiometricsShare) never shifts
    // the other fields of the same person.
    const random = mulberry32(mixSeed(this.seed, index));
    const name = randomName(random);
    const posting = randomPosting(random);
    const year = randomInt(random, 1966, 2004);
    const month = randomInt(random, 1, 12);
    const day = randomInt(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
    const hasPsn = random() < 0.95;
    const biometricsEnrolled = random() >= this.noBiometricsShare;
    return {
      nin: this.ninAt(index),
      ssid: `SS${String(this.ssids.forward(index)).padStart(8, '0')}`,
      ...(hasPsn ? { psn: `PSN${String(this.psns.forward(index)).padStart(this.psnDigits, '0')}` } : {}),
      fullName: fullNameOf(name),
      firstName: name.firstName,
      lastName: name.lastName,
      dateOfBirth: `${year}-${pad2(month)}-${pad2(day)}`,
      gender: name.gender,
      ministry: posting.ministry.name,
      department: posting.department.name,
      gradeLevel: formatGradeLevel(posting.gradeLevel),
      biometricsEnrolled,
    };
  }

  *people(): IterableIterator<OptimaPerson> {
    for (let index = 0; index < this.size; index += 1) yield this.personAt(index);
  }
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
