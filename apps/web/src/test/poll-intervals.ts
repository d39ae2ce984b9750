/** A history's poll schedule (see lib/active-poll-schedule.ts). */
type PollSchedule<T> = (items: readonly T[] | undefined, dataUpdateCount: number) => number | false;

/**
 * The waits a schedule gives for a run of answers, each `[items, dataUpdateCount]`, asked in turn:
 * one line of expected waits reads better than an expectation per answer.
 */
export function pollIntervals<T>(
  schedule: PollSchedule<T>,
  answers: readonly (readonly [readonly T[] | undefined, number])[],
): (number | false)[] {
  return answers.map(([items, dataUpdateCount]) => schedule(items, dataUpdateCount));
}
