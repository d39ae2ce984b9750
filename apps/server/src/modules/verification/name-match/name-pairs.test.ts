import { describe, expect, it } from 'vitest';
import { loadNamePairs, scoreNamePairs } from './name-pairs.table.ts';

const pairs = loadNamePairs();

describe('the labelled name pairs (issue #20 acceptance; npm run bench:names prints the same)', () => {
  it('holds at least 200 pairs covering every rule and trap', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    const rules = new Set(pairs.map((p) => `${p.kind}/${p.rule}`));
    for (const rule of [
      'same/title',
      'same/order',
      'same/middle-missing',
      'same/middle-initial',
      'same/variant',
      'same/typo',
      'different/other-first-name',
      'different/other-surname',
      'different/twins',
      'different/abdul',
      'different/initials-both',
      'different/short-typo',
      'different/known-names',
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it('judges no different-person pair MATCH or CLOSE, and at least 97% of same-person pairs MATCH or CLOSE', () => {
    const score = scoreNamePairs(pairs);
    const wrong = score.wrong.map(
      ({ pair, result }) =>
        `${pair.kind}/${pair.rule}: ${pair.record} ~ ${pair.provider.fullName} → ${result.verdict}`,
    );
    expect(score.differentAccepted, wrong.join('\n')).toBe(0);
    expect(score.recall, wrong.join('\n')).toBeGreaterThanOrEqual(0.97);
  });
});
