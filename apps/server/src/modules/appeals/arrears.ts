/** Monthly pay × the periods missed (issue #34 item 3), in kobo; null when the pay is not known. */
export const arrearsKobo = (monthlyGrossKobo: number | null, periods: number): number | null =>
  monthlyGrossKobo === null ? null : monthlyGrossKobo * periods;
