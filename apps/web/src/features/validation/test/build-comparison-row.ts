import type { ComparisonRow } from '@portal/contract/verification';

/** A comparison row as the server sends it: MATCH when the two values are equal, else DIFFERENT. */
export function buildComparisonRow(
  row: Pick<ComparisonRow, 'field' | 'originalValue' | 'sotValue'> & Partial<ComparisonRow>,
): ComparisonRow {
  const isMismatched = row.isMismatched ?? row.originalValue !== row.sotValue;
  return {
    similarity: isMismatched ? 0 : 1,
    verdict: isMismatched ? 'DIFFERENT' : 'MATCH',
    reason: null,
    isMismatched,
    ...row,
  };
}
