import { NAME_MATCH_SETTINGS } from '@portal/contract/tenants';
import type { FieldVerdict } from '@portal/contract/verification';
import { alignWords, type WordPair } from './name-align.ts';
import { isGenerationSuffix, isTitle, nameWords, variantGroupOf } from './name-words.ts';

/**
 * The lowest Jaro-Winkler similarity of two words one letter apart that still counts as 'one
 * letter differs' (`npm run bench:names`, 2026-11-21): every pair of the labelled table is judged
 * right from 0.70 to 0.86; of the 223,618 one-letter typos of the table's long names, 99.8% stay
 * CLOSE at 0.80 (95.5% at 0.88, 74.7% at 0.94); of the 90 pairs of names in use one letter apart,
 * which the lists refuse, the threshold alone would stop 1 from 0.78 to 0.86 and 4 at 0.88. A
 * higher value costs typos and buys little, so the default sits just above that one pair (0.756).
 */
export const DEFAULT_MIN_WORD_SIMILARITY = NAME_MATCH_SETTINGS.minWordSimilarity.default;

export interface NameMatchOptions {
  /** See DEFAULT_MIN_WORD_SIMILARITY. */
  minWordSimilarity: number;
  /** For tenants that want every difference reviewed: CLOSE becomes DIFFERENT (reasons kept). */
  closeIsDifferent: boolean;
}

export const DEFAULT_NAME_MATCH_OPTIONS: NameMatchOptions = {
  minWordSimilarity: DEFAULT_MIN_WORD_SIMILARITY,
  closeIsDifferent: false,
};

/** The provider's name; its first and last names say which words are not middle names. */
export interface ProviderName {
  fullName: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface NameComparison {
  verdict: FieldVerdict;
  /** 0–1: twice the words that agree (each by its Jaro-Winkler similarity) over all words; see below. */
  similarity: number;
  reasons: string[];
}

type Role = 'FIRST' | 'LAST' | 'MIDDLE';
interface Side {
  words: string[];
  /** Where each word stood in the name (titles left out), for word order. */
  pos: number[];
  roles: Role[];
  titles: string[];
  /** A word written as two on this side ("Abdul Rahman" for "Abdulrahman"), for the reason. */
  joined: (string | null)[];
}

const cap = (w: string) => (w.length === 1 ? `${w.toUpperCase()}.` : w[0]!.toUpperCase() + w.slice(1));

function sideOf(all: string[]): Side {
  let words = all.filter((w) => !isTitle(w));
  if (words.length === 0) words = all;
  const titles = words === all ? [] : all.filter(isTitle);
  return {
    words,
    pos: words.map((_, i) => i),
    roles: words.map(() => 'MIDDLE'),
    titles,
    joined: words.map(() => null),
  };
}

/** The provider's first and last names mark their words; without them (or if they do not fit), the ends. */
function markRoles(side: Side, provider: ProviderName) {
  const claim = (name: string | null | undefined, role: Role) => {
    const words = name ? nameWords(name).filter((w) => !isTitle(w)) : [];
    if (words.length === 0) return false;
    return words.every((w) => {
      const i = side.words.findIndex((x, j) => x === w && side.roles[j] === 'MIDDLE');
      if (i >= 0) side.roles[i] = role;
      return i >= 0;
    });
  };
  if (claim(provider.firstName, 'FIRST') && claim(provider.lastName, 'LAST')) return;
  side.roles = side.words.map((_, i) =>
    i === 0 ? 'FIRST' : i === side.words.length - 1 ? 'LAST' : 'MIDDLE',
  );
}

/** "Abdul Rahman" on one side, "Abdulrahman" on the other: the two words become one (a cost of one word). */
function joinSplitWords(side: Side, other: Side): number {
  let joins = 0;
  for (let i = 0; i + 1 < side.words.length; i++) {
    const [a, b] = [side.words[i]!, side.words[i + 1]!];
    if (other.words.includes(a) || other.words.includes(b)) continue;
    const whole = a + b;
    const group = variantGroupOf(whole);
    const match = other.words.some(
      (w) => !side.words.includes(w) && (w === whole || (group !== undefined && variantGroupOf(w) === group)),
    );
    if (!match) continue;
    const role = side.roles[i] === 'MIDDLE' ? side.roles[i + 1]! : side.roles[i]!;
    side.words.splice(i, 2, whole);
    side.roles.splice(i, 2, role);
    side.pos.splice(i + 1, 1);
    side.joined.splice(i, 2, `${cap(a)} ${cap(b)}`);
    joins++;
  }
  return joins;
}

function commonCount(a: string[], b: string[]): number {
  const rest = [...b];
  return a.filter((w) => {
    const i = rest.indexOf(w);
    if (i >= 0) rest.splice(i, 1);
    return i >= 0;
  }).length;
}

/**
 * Compares the record's name with the provider's (issue #20; the rules are in docs/DECISIONS.md):
 * MATCH when the words are the same once case, accents, punctuation and spacing are set aside;
 * CLOSE when every word of the provider's first and last names has a full word in the record
 * (the same, a spelling variant, one letter apart) and the other differences are titles, word
 * order, middle names missing on one side or given as an initial; DIFFERENT otherwise.
 */
export function compareNames(
  recordName: string,
  provider: ProviderName,
  options: NameMatchOptions = DEFAULT_NAME_MATCH_OPTIONS,
): NameComparison {
  const plainR = nameWords(recordName);
  const plainP = recordName === provider.fullName ? plainR : nameWords(provider.fullName);
  if (plainR.length > 0 && plainR.length === plainP.length && plainR.every((w, i) => w === plainP[i])) {
    return { verdict: 'MATCH', similarity: 1, reasons: [] };
  }
  const rec = sideOf(plainR);
  const prov = sideOf(plainP);
  if (rec.words.length === 0 || prov.words.length === 0) {
    return { verdict: 'DIFFERENT', similarity: 0, reasons: ['no name to compare'] };
  }
  markRoles(prov, provider);
  const joins = joinSplitWords(rec, prov) + joinSplitWords(prov, rec);
  const pairs = alignWords(rec.words, prov.words, options.minWordSimilarity);
  const judged = judge(rec, prov, pairs);

  const titlesDiffer = [...rec.titles].sort().join() !== [...prov.titles].sort().join();
  const orderDiffers = [...pairs]
    .sort((x, y) => x.r - y.r)
    .some((x, i, all) => i > 0 && prov.pos[x.p]! < prov.pos[all[i - 1]!.p]!);
  const close = [
    ...(titlesDiffer ? ['title ignored'] : []),
    ...(orderDiffers ? ['word order'] : []),
    ...judged.close,
  ];
  // Every difference costs: each word that does not agree, a title, a change of order, a join.
  const agree = pairs.reduce((s, x) => s + x.similarity, 0) + commonCount(rec.titles, prov.titles);
  const count = rec.words.length + prov.words.length + rec.titles.length + prov.titles.length;
  const similarity = Math.round((2000 * agree) / (count + joins + (orderDiffers ? 1 : 0))) / 1000;

  if (judged.different.length > 0) return { verdict: 'DIFFERENT', similarity, reasons: judged.different };
  if (close.length === 0) return { verdict: 'MATCH', similarity, reasons: [] };
  return { verdict: options.closeIsDifferent ? 'DIFFERENT' : 'CLOSE', similarity, reasons: close };
}

/** What the pairing forgives (close) and what it cannot (different). */
function judge(rec: Side, prov: Side, pairs: WordPair[]) {
  const different = new Set<string>();
  const close = new Set<string>();
  const byP = new Map(pairs.map((x) => [x.p, x]));
  const pairedR = new Set(pairs.map((x) => x.r));
  const describe = (x: WordPair) => {
    const [a, b] = [rec.joined[x.r] ?? cap(rec.words[x.r]!), prov.joined[x.p] ?? cap(prov.words[x.p]!)];
    if (rec.joined[x.r] || prov.joined[x.p]) close.add(`words joined: ${a} ~ ${b}`);
    if (x.relation === 'VARIANT') close.add(`spelling variant: ${a} ~ ${b}`);
    if (x.relation === 'TYPO') close.add(`one letter differs: ${a} ~ ${b}`);
    if (x.relation === 'SWAP') close.add(`letters swapped: ${a} ~ ${b}`);
    if (x.relation === 'INITIAL') close.add('middle name as initial');
  };

  let providerExtras = 0;
  prov.roles.forEach((role, p) => {
    const x = byP.get(p);
    const label = role === 'FIRST' ? 'first name' : 'surname';
    if (role !== 'MIDDLE' && !x) different.add(`${label} differs`);
    else if (role !== 'MIDDLE' && (x!.relation === 'INITIAL' || prov.words[p]!.length === 1)) {
      different.add(`${label} only an initial`);
    } else if (x) describe(x);
    else if (isGenerationSuffix(prov.words[p]!)) different.add(`${cap(prov.words[p]!)} on one side only`);
    else providerExtras++;
  });
  if (providerExtras > 0) close.add('middle name missing');

  // A record word the provider lacks can only be a middle name: never first in the record, and
  // not after the surname when the surname comes after the first name ("Chinedu Okafor Nwosu").
  const rOf = (role: Role) => pairs.filter((x) => prov.roles[x.p] === role).map((x) => rec.pos[x.r]!);
  const firstAt = Math.min(...rOf('FIRST'));
  const lastAt = rOf('LAST');
  const [lastMin, lastMax] = lastAt.length ? [Math.min(...lastAt), Math.max(...lastAt)] : [firstAt, firstAt];
  rec.words.forEach((w, r) => {
    if (pairedR.has(r)) return;
    const at = rec.pos[r]!;
    const asMiddle = at > Math.min(firstAt, lastMin) && !(firstAt < lastMin && at > lastMax);
    if (isGenerationSuffix(w)) different.add(`${cap(w)} on one side only`);
    else if (!asMiddle) different.add(`other name in the record: ${cap(w)}`);
    else if (providerExtras > 0) different.add('middle names differ');
    else close.add('middle name missing');
  });
  return { different: [...different], close: [...close] };
}
