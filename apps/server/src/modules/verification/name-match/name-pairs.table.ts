import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { FieldVerdict } from '@portal/contract/verification';
import { compareNames, type NameComparison, type NameMatchOptions, type ProviderName } from './name-match.ts';

/**
 * The labelled table of name pairs (name-pairs.csv): the record's name, the provider's (with its
 * first and last names, empty where a row tests the comparison without them), whether they name
 * the same person, and the rule or trap the row exercises. Read by the unit test and by
 * `npm run bench:names`.
 */
export interface NamePair {
  kind: 'same' | 'different';
  rule: string;
  record: string;
  provider: ProviderName;
}

export function loadNamePairs(): NamePair[] {
  const rows = parse(fs.readFileSync(new URL('./name-pairs.csv', import.meta.url)), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  return rows.map((row) => {
    if (row.kind !== 'same' && row.kind !== 'different') throw new Error(`name-pairs.csv: kind ${row.kind}`);
    return {
      kind: row.kind,
      rule: row.rule!,
      record: row.record!,
      provider: {
        fullName: row.provider!,
        firstName: row.provider_first || null,
        lastName: row.provider_last || null,
      },
    };
  });
}

export interface TableScore {
  /** Verdict counts per kind and rule ("same/variant"). */
  counts: Map<string, Record<FieldVerdict, number>>;
  samePairs: number;
  differentPairs: number;
  /** Same-person pairs judged MATCH or CLOSE. */
  sameAccepted: number;
  /** Different-person pairs judged MATCH or CLOSE: must be 0. */
  differentAccepted: number;
  /** Of the pairs judged MATCH or CLOSE, the share that are the same person. */
  precision: number;
  /** Of the same-person pairs, the share judged MATCH or CLOSE. */
  recall: number;
  /** The pairs judged against their label, for the report. */
  wrong: { pair: NamePair; result: NameComparison }[];
}

export function scoreNamePairs(pairs: NamePair[], options?: NameMatchOptions): TableScore {
  const counts = new Map<string, Record<FieldVerdict, number>>();
  const score = { samePairs: 0, differentPairs: 0, sameAccepted: 0, differentAccepted: 0 };
  const wrong: TableScore['wrong'] = [];
  for (const pair of pairs) {
    const result = compareNames(pair.record, pair.provider, options);
    const key = `${pair.kind}/${pair.rule}`;
    const row = counts.get(key) ?? { MATCH: 0, CLOSE: 0, DIFFERENT: 0 };
    row[result.verdict]++;
    counts.set(key, row);
    const accepted = result.verdict !== 'DIFFERENT';
    if (pair.kind === 'same') {
      score.samePairs++;
      if (accepted) score.sameAccepted++;
    } else {
      score.differentPairs++;
      if (accepted) score.differentAccepted++;
    }
    if (accepted !== (pair.kind === 'same')) wrong.push({ pair, result });
  }
  const accepted = score.sameAccepted + score.differentAccepted;
  return {
    ...score,
    counts,
    precision: accepted === 0 ? 1 : score.sameAccepted / accepted,
    recall: score.samePairs === 0 ? 1 : score.sameAccepted / score.samePairs,
    wrong,
  };
}
