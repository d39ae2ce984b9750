import { jaroWinkler } from '@skyra/jaro-winkler';
import { KNOWN_NAMES } from './known-names.ts';
import { GENERATION_SUFFIXES, NAME_TITLES } from './name-titles.ts';
import { DISTINCT_NAMES, NAME_VARIANT_GROUPS, SPELLING_RULES } from './name-variants.ts';

/** Hausa's hooked letters do not decompose into a letter and a mark; they are written plainly. */
const HOOKED: Record<string, string> = { ɓ: 'b', ɗ: 'd', ƙ: 'k', ƴ: 'y' };

/** Most names are plain ASCII: nothing to decompose. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * The words of a name: accents and marks removed (Yoruba ọ, ẹ, ṣ; Igbo ị, ụ), lower case,
 * apostrophes dropped (Asma'u = Asmau), any other punctuation a space.
 */
export function nameWords(name: string): string[] {
  const plain = ASCII.test(name)
    ? name.toLowerCase()
    : name
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[ɓɗƙƴ]/g, (c) => HOOKED[c]!);
  return plain
    .replace(/['’ʼ`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const TITLES = new Set(NAME_TITLES);
const SUFFIXES = new Set(GENERATION_SUFFIXES);
export const isTitle = (word: string) => TITLES.has(word);
export const isGenerationSuffix = (word: string) => SUFFIXES.has(word);

const RULES = SPELLING_RULES.map(([from, to]) => [new RegExp(from, 'g'), to] as const);

// Payroll names repeat, so their keys are kept; the cache is emptied when it grows past its size.
const KEY_CACHE_SIZE = 20_000;
const keyCache = new Map<string, string>();

/** One spelling of the sounds: the spelling rules applied, doubled letters once, no final h. */
export function spellingKey(word: string): string {
  const cached = keyCache.get(word);
  if (cached !== undefined) return cached;
  let key = word;
  for (const [from, to] of RULES) key = key.replace(from, to);
  key = key.replace(/(\p{L})\1+/gu, '$1').replace(/(.)h$/u, '$1');
  if (keyCache.size >= KEY_CACHE_SIZE) keyCache.clear();
  keyCache.set(word, key);
  return key;
}

// Built once at start-up: spelling key → group number, and the distinct pairs by key.
const GROUP_OF = new Map<string, number>();
NAME_VARIANT_GROUPS.forEach((group, i) => {
  for (const spelling of group) GROUP_OF.set(spellingKey(nameWords(spelling).join('')), i);
});
const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
const DISTINCT = new Set(
  DISTINCT_NAMES.flatMap(([a, b]) => {
    const [x, y] = [nameWords(a).join(''), nameWords(b).join('')];
    return [pairKey(x, y), pairKey(spellingKey(x), spellingKey(y))];
  }),
);

const KNOWN = new Set([...KNOWN_NAMES, ...DISTINCT_NAMES.flat()].map((name) => nameWords(name).join('')));

/** On the list of names in use (known-names.ts): two of them one letter apart are two names. */
export const isKnownName = (word: string) => KNOWN.has(word);
export const variantGroupOf = (word: string) => GROUP_OF.get(spellingKey(word));
export const areDistinctNames = (a: string, b: string) =>
  DISTINCT.has(pairKey(a, b)) || DISTINCT.has(pairKey(spellingKey(a), spellingKey(b)));

/** How two words relate, best first; the alignment prefers the better relation. */
export type WordRelation = 'EXACT' | 'VARIANT' | 'TYPO' | 'SWAP' | 'INITIAL' | 'NONE';
export const RELATION_RANK: Record<WordRelation, number> = {
  EXACT: 5,
  VARIANT: 4,
  TYPO: 3,
  SWAP: 3,
  INITIAL: 1,
  NONE: 0,
};

/**
 * 'One letter differs' needs a word of six letters or more: the longer of the two has six, the
 * shorter at least five (a six-letter name with a letter missing; which of the two is the true
 * spelling cannot be told, so a five-letter name with an extra letter counts too).
 */
export const TYPO_MIN_LETTERS = 6;

/**
 * One letter replaced, missing or extra ('TYPO'), or two neighbours swapped ('SWAP'), else null.
 * Not a similarity measure: it keeps the reason honest ("one letter differs") where Jaro-Winkler
 * alone would also pass two changes late in a long word (Oluwaseun, Oluwaseyi: 0.93).
 */
export function singleEdit(a: string, b: string): 'TYPO' | 'SWAP' | null {
  if (a.length === b.length) {
    let first = -1;
    let count = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (count++ === 0) first = i;
      if (count > 2) return null;
    }
    if (count === 1) return 'TYPO';
    const swapped = count === 2 && a[first] === b[first + 1] && a[first + 1] === b[first];
    return swapped ? 'SWAP' : null;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return null;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1) ? 'TYPO' : null;
}

/**
 * EXACT, a listed or spelling-rule VARIANT, a one-letter TYPO or SWAP in a word of six letters or
 * more whose Jaro-Winkler similarity reaches `minWordSimilarity`, an INITIAL (a letter that starts
 * the other word), or NONE. Names listed as distinct are never variants or typos of each other,
 * and two names in use (known-names.ts) are never typos of each other.
 */
export function wordRelation(a: string, b: string, minWordSimilarity: number): WordRelation {
  if (a === b) return 'EXACT';
  if (a.length === 1 || b.length === 1) {
    const [letter, word] = a.length === 1 ? [a, b] : [b, a];
    return word.length > 1 && word.startsWith(letter) ? 'INITIAL' : 'NONE';
  }
  if (areDistinctNames(a, b)) return 'NONE';
  const group = variantGroupOf(a);
  if (spellingKey(a) === spellingKey(b) || (group !== undefined && group === variantGroupOf(b))) {
    return 'VARIANT';
  }
  if (KNOWN.has(a) && KNOWN.has(b)) return 'NONE';
  const longer = Math.max(a.length, b.length);
  if (longer < TYPO_MIN_LETTERS || Math.min(a.length, b.length) < TYPO_MIN_LETTERS - 1) return 'NONE';
  const edit = singleEdit(a, b);
  return edit && jaroWinkler(a, b) >= minWordSimilarity ? edit : 'NONE';
}
