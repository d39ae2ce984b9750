// The name comparison of issue #20 on its labelled table (name-pairs.csv, next to the module):
// verdicts per kind and rule, precision and recall, the same at other word-similarity thresholds;
// then every one-letter typo of the table's long names (the threshold's other measure), the
// listed distinct names one letter apart, and the cost of a comparison.
// Run: npm run bench:names
import { jaroWinkler } from '@skyra/jaro-winkler';
import {
  compareNames,
  DEFAULT_MIN_WORD_SIMILARITY,
  DEFAULT_NAME_MATCH_OPTIONS,
} from '../apps/server/src/modules/verification/name-match/name-match.ts';
import {
  loadNamePairs,
  scoreNamePairs,
} from '../apps/server/src/modules/verification/name-match/name-pairs.table.ts';
import {
  DISTINCT_NAMES,
  NAME_VARIANT_GROUPS,
} from '../apps/server/src/modules/verification/name-match/name-variants.ts';
import { KNOWN_NAMES } from '../apps/server/src/modules/verification/name-match/known-names.ts';
import {
  isKnownName,
  nameWords,
  singleEdit,
  TYPO_MIN_LETTERS,
  wordRelation,
} from '../apps/server/src/modules/verification/name-match/name-words.ts';

const THRESHOLDS = [0.7, 0.75, 0.78, 0.8, 0.82, 0.84, 0.86, 0.88, 0.9, 0.92, 0.94];
const results: string[] = [];
const say = (line: string) => {
  results.push(line);
  console.log(line);
};
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

// 1. The table at the default threshold.
const pairs = loadNamePairs();
const table = scoreNamePairs(pairs);
console.log(`\nverdicts per kind and rule (word similarity ≥ ${DEFAULT_MIN_WORD_SIMILARITY})`);
console.log('kind/rule'.padEnd(30) + 'MATCH'.padStart(7) + 'CLOSE'.padStart(7) + 'DIFFERENT'.padStart(11));
for (const [key, c] of [...table.counts].sort(([a], [b]) => b.localeCompare(a))) {
  console.log(
    key.padEnd(30) +
      String(c.MATCH).padStart(7) +
      String(c.CLOSE).padStart(7) +
      String(c.DIFFERENT).padStart(11),
  );
}
for (const { pair, result } of table.wrong) {
  console.log(
    `  judged against its label: ${pair.kind}/${pair.rule} "${pair.record}" ~ "${pair.provider.fullName}": ${result.verdict} (${result.reasons.join('; ')})`,
  );
}
say(
  `table of ${pairs.length} pairs (${table.samePairs} same person, ${table.differentPairs} different): ` +
    `precision ${pct(table.precision)}, recall ${pct(table.recall)}; different-person pairs judged MATCH or CLOSE: ` +
    `${table.differentAccepted} (required 0); same-person pairs judged MATCH or CLOSE: ${pct(table.recall)} (required ≥ 97%) — ` +
    (table.differentAccepted === 0 && table.recall >= 0.97 ? 'met' : 'NOT MET'),
);

// 2. The table at other thresholds.
say('threshold sweep on the table (precision / recall):');
for (const t of THRESHOLDS) {
  const s = scoreNamePairs(pairs, { ...DEFAULT_NAME_MATCH_OPTIONS, minWordSimilarity: t });
  say(
    `  ${t.toFixed(2)}: ${pct(s.precision)} / ${pct(s.recall)} (different accepted ${s.differentAccepted})`,
  );
}

// 3. Every one-letter typo of the long names: how many the threshold keeps CLOSE.
const known = new Set<string>();
for (const p of pairs) for (const w of nameWords(`${p.record} ${p.provider.fullName}`)) known.add(w);
for (const group of NAME_VARIANT_GROUPS) for (const w of group) known.add(w.toLowerCase());
const long = [...known].filter((w) => w.length >= TYPO_MIN_LETTERS);
const letters = 'abcdefghijklmnopqrstuvwxyz';
const scores: number[] = [];
let alwaysClose = 0;
for (const word of long) {
  const typos = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length) typos.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < word.length) typos.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const c of letters) {
      typos.add(word.slice(0, i) + c + word.slice(i));
      if (i < word.length) typos.add(word.slice(0, i) + c + word.slice(i + 1));
    }
  }
  for (const typo of typos) {
    if (typo === word || known.has(typo) || isKnownName(typo)) continue;
    const relation = wordRelation(word, typo, 0);
    if (relation === 'VARIANT') alwaysClose++;
    else if (relation === 'TYPO' || relation === 'SWAP') scores.push(jaroWinkler(word, typo));
  }
}
const typoCount = scores.length + alwaysClose;
scores.sort((a, b) => a - b);
say(
  `one-letter typos of the table's ${long.length} names of ${TYPO_MIN_LETTERS}+ letters: ${typoCount} ` +
    `(${alwaysClose} are also spelling variants); lowest Jaro-Winkler ${scores[0]!.toFixed(3)}, ` +
    `1st percentile ${scores[Math.floor(scores.length / 100)]!.toFixed(3)}`,
);
// Names in use one letter apart (the distinct list and pairs of known names): the rule refuses
// them by the lists; how many would the threshold alone stop?
const inUse = [...new Set([...KNOWN_NAMES, ...DISTINCT_NAMES.flat()].map((w) => w.toLowerCase()))];
const distinct: [string, string][] = [];
for (let i = 0; i < inUse.length; i++) {
  for (let j = i + 1; j < inUse.length; j++) {
    const [a, b] = [inUse[i]!, inUse[j]!];
    const long =
      Math.max(a.length, b.length) >= TYPO_MIN_LETTERS &&
      Math.min(a.length, b.length) >= TYPO_MIN_LETTERS - 1;
    if (long && singleEdit(a, b) && wordRelation(a, b, 0) === 'NONE') distinct.push([a, b]);
  }
}
say('share of those typos judged CLOSE / names in use one letter apart the threshold alone would stop:');
for (const t of THRESHOLDS) {
  const kept = alwaysClose + scores.filter((s) => s >= t).length;
  const stopped = distinct.filter(([a, b]) => jaroWinkler(a, b) < t).length;
  say(`  ${t.toFixed(2)}: ${pct(kept / typoCount)} / ${stopped} of ${distinct.length}`);
}

// 4. Cost: the identical name (most records) and the table's pairs.
const time = (label: string, n: number, run: (i: number) => void) => {
  for (let i = 0; i < Math.min(n, 20_000); i++) run(i);
  const start = performance.now();
  for (let i = 0; i < n; i++) run(i);
  const us = ((performance.now() - start) * 1000) / n;
  say(`${label}: ${us.toFixed(2)} µs per comparison`);
};
const same = { fullName: 'Chinedu Emeka Okafor', firstName: 'Chinedu', lastName: 'Okafor' };
time('identical names (the common case)', 200_000, () => compareNames('Chinedu Emeka Okafor', same));
time('the table pairs (every rule)', 100_000, (i) => {
  const p = pairs[i % pairs.length]!;
  compareNames(p.record, p.provider);
});

console.log('\nSummary\n' + results.join('\n'));
process.exitCode = table.differentAccepted === 0 && table.recall >= 0.97 ? 0 : 1;
