import type { IntegrityRule } from '@portal/contract/integrity';
import type { Figures, PostingFigures, StoredSummary } from './integrity.repo.ts';

const ZERO: Figures = { flaggedRecords: 0, payUnknownRecords: 0, monthlyKobo: 0, recoverableKobo: 0 };
const add = (a: Figures, b: Figures): Figures => ({
  flaggedRecords: a.flaggedRecords + b.flaggedRecords,
  payUnknownRecords: a.payUnknownRecords + b.payUnknownRecords,
  monthlyKobo: a.monthlyKobo + b.monthlyKobo,
  recoverableKobo: (a.recoverableKobo ?? 0) + (b.recoverableKobo ?? 0),
});

/**
 * A reviewer's figures: the sum of the stored postings their assignments reach (a record has one
 * posting, so each record is still counted once, and once per rule). Exact in kobo while the sums
 * stay below 2^53 kobo (₦90 trillion).
 */
export function figuresOfPostings(postings: PostingFigures[]): StoredSummary {
  const rules = new Map<IntegrityRule, Figures>();
  const ministries = new Map<
    string | null,
    Figures & { ministryId: string | null; ministry: string | null }
  >();
  let total = ZERO;
  for (const p of postings) {
    total = add(total, p.total);
    for (const r of p.rules) rules.set(r.rule, add(rules.get(r.rule) ?? ZERO, r));
    const m = ministries.get(p.ministryId) ?? { ministryId: p.ministryId, ministry: p.ministry, ...ZERO };
    ministries.set(p.ministryId, { ...m, ...add(m, p.total) });
  }
  return {
    rules: [...rules].map(([rule, f]) => ({ rule, ...f })),
    total,
    byMinistry: [...ministries.values()].sort(
      (x, y) => y.monthlyKobo - x.monthlyKobo || (x.ministry ?? '').localeCompare(y.ministry ?? ''),
    ),
  };
}
