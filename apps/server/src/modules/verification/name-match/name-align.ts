import { jaroWinkler } from '@skyra/jaro-winkler';
import { RELATION_RANK, wordRelation, type WordRelation } from './name-words.ts';

/** Record word `r` stands for provider word `p`; `similarity` is their Jaro-Winkler similarity. */
export interface WordPair {
  r: number;
  p: number;
  relation: WordRelation;
  similarity: number;
}

/** Beyond this many words left after the identical ones, the search is greedy: it bounds the cost (few real names get there). */
const EXHAUSTIVE_MAX = 4;

interface Candidate {
  p: number;
  relation: WordRelation;
  rank: number;
  similarity: number;
}

/**
 * The one-to-one pairing of the two names' words that relates the most words, best relations
 * first (an identical word over a variant over a typo over an initial), ties to the higher
 * similarity. Identical words pair first, left to right; the few words left are searched
 * exhaustively (each record word: one of the free provider words it relates to, or none).
 */
export function alignWords(
  record: readonly string[],
  provider: readonly string[],
  minWordSimilarity: number,
): WordPair[] {
  const pairs: WordPair[] = [];
  const usedP = new Set<number>();
  const restR: number[] = [];
  for (let r = 0; r < record.length; r++) {
    const p = provider.findIndex((w, i) => !usedP.has(i) && w === record[r]);
    if (p < 0) restR.push(r);
    else {
      usedP.add(p);
      pairs.push({ r, p, relation: 'EXACT', similarity: 1 });
    }
  }
  const restP = provider.map((_, i) => i).filter((i) => !usedP.has(i));
  if (restR.length === 0 || restP.length === 0) return pairs;

  const options = restR.map((r) =>
    restP
      .map((p): Candidate => {
        const relation = wordRelation(record[r]!, provider[p]!, minWordSimilarity);
        const similarity = relation === 'NONE' ? 0 : jaroWinkler(record[r]!, provider[p]!);
        return { p, relation, rank: RELATION_RANK[relation], similarity };
      })
      .filter((c) => c.rank > 0)
      .sort((a, b) => b.rank - a.rank || b.similarity - a.similarity),
  );
  const chosen =
    restR.length <= EXHAUSTIVE_MAX && restP.length <= EXHAUSTIVE_MAX
      ? bestChoice(options)
      : greedyChoice(options);
  chosen.forEach((c, i) => {
    if (c) pairs.push({ r: restR[i]!, p: c.p, relation: c.relation, similarity: c.similarity });
  });
  return pairs;
}

type Choice = (Candidate | null)[];
const score = (choice: Choice) => choice.reduce((s, c) => s + (c ? c.rank * 10 + c.similarity : 0), 0);

function bestChoice(options: Candidate[][]): Choice {
  let best: Choice = options.map(() => null);
  let bestScore = 0;
  const current: Choice = [];
  const used = new Set<number>();
  const visit = (i: number) => {
    if (i === options.length) {
      const s = score(current);
      if (s > bestScore) [best, bestScore] = [[...current], s];
      return;
    }
    for (const c of options[i]!) {
      if (used.has(c.p)) continue;
      used.add(c.p);
      current.push(c);
      visit(i + 1);
      current.pop();
      used.delete(c.p);
    }
    current.push(null);
    visit(i + 1);
    current.pop();
  };
  visit(0);
  return best;
}

function greedyChoice(options: Candidate[][]): Choice {
  const used = new Set<number>();
  return options.map((list) => {
    const c = list.find((x) => !used.has(x.p)) ?? null;
    if (c) used.add(c.p);
    return c;
  });
}
