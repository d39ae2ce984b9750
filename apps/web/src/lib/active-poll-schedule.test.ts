import { describe, expect, it } from 'vitest';
import { pollIntervals } from '../test/poll-intervals.ts';
import { createActivePollSchedule } from './active-poll-schedule.ts';

type Item = { status: string };
const isActive = (item: Item) => item.status === 'ACTIVE';
const items = (...statuses: string[]): Item[] => statuses.map((status) => ({ status }));
const ACTIVE = items('ACTIVE');
const ACTIVE_AND_DONE = items('ACTIVE', 'DONE');

/** The waits a fresh schedule (first delay 50 ms, then every 100 ms) gives for the answers. */
const intervals = (...answers: [Item[] | undefined, number][]) =>
  pollIntervals(createActivePollSchedule(isActive, { firstDelayMs: 50, everyMs: 100 }), answers);

describe('active poll schedule', () => {
  it('does not poll without data, without items, or when none is active', () => {
    expect(intervals([undefined, 0], [[], 1], [items('DONE', 'DONE'), 2])).toEqual([false, false, false]);
  });

  it('waits the first delay for the answer that shows an active item, then the interval', () => {
    // The second look is at the same answer (a fetch starting, an option change): unchanged.
    expect(intervals([ACTIVE, 1], [ACTIVE, 1], [ACTIVE_AND_DONE, 2], [ACTIVE_AND_DONE, 3])).toEqual([
      50, 50, 100, 100,
    ]);
  });

  it('stops when nothing is active and starts over with the delay for the next stretch', () => {
    const answers = intervals(
      [ACTIVE, 1],
      [ACTIVE, 2],
      [items('DONE'), 3],
      [ACTIVE_AND_DONE, 4],
      [ACTIVE_AND_DONE, 5],
    );
    expect(answers).toEqual([50, 100, false, 50, 100]);
  });

  it('starts over when the query was reset (its update count went back)', () => {
    expect(intervals([ACTIVE, 5], [ACTIVE, 6], [ACTIVE, 1])).toEqual([50, 100, 50]);
  });
});
