export interface PollTimings {
  /** Wait before the first poll once an active item is seen. */
  firstDelayMs: number;
  /** Wait between later polls. */
  everyMs: number;
}

/**
 * A list query's `refetchInterval` for job histories (SPEC §4, §9): nothing while no item is
 * active; otherwise the first poll of a stretch of active answers waits `firstDelayMs`, the later
 * ones `everyMs`. TanStack Query re-reads the interval after every answer and counts from it, so
 * the schedule is keyed by the query's `dataUpdateCount`: the answer that first shows an active
 * item starts the stretch, and asking again about the same answer gives the same interval.
 */
export function createActivePollSchedule<T>(isActive: (item: T) => boolean, timings: PollTimings) {
  let stretchStart: number | null = null;
  return (items: readonly T[] | undefined, dataUpdateCount: number): number | false => {
    if (!items?.some(isActive)) {
      stretchStart = null;
      return false;
    }
    if (stretchStart === null || dataUpdateCount < stretchStart) stretchStart = dataUpdateCount;
    return dataUpdateCount === stretchStart ? timings.firstDelayMs : timings.everyMs;
  };
}
