// Types of pitr-drill.mjs, for its test.
export interface PitrDrill {
  /** The recovery target, on the database's clock (UTC). */
  target: string;
  /** The drill table's rows after recovery, in order: 'change 1' when it worked. */
  rows: string;
  seconds: number;
  steps: { name: string; seconds: number }[];
}
export function runPitrDrill(opts?: { log?: (line: string) => void }): Promise<PitrDrill>;
