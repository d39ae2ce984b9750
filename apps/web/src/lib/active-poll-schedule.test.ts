import { describe, expect, it } from 'vitest';
import { createActivePollSchedule } from './active-poll-schedule.ts';

type Item = { status: string };
const isActive = (item: Item) => item.status === 'ACTIVE';
const items = (...statuses: string[]): Item[] => statuses.map((status) => ({ status }));
const timings = { firstDelayMs: 50, everyMs: 100 };

describe('active poll schedule', () => {
  it('does not poll without data, without items, or when none is active', () => {
    const schedule = createActivePollSchedule(isActive, timings);
    expect(schedule(undefined, 0)).toBe(false);
    expect(schedule([], 1)).toBe(false);
    expect(schedule(items('DONE', 'DONE'), 2)).toBe(false);
  });

  it('waits the first delay for the answer that shows an active item, then the interval', () => {
    const schedule = createActivePollSchedule(isActive, timings);
    expect(schedule(items('ACTIVE'), 1)).toBe(50);
    // Asked again about the same answer (a fetch starting, an option change): unchanged.
    expect(schedule(items('ACTIVE'), 1)).toBe(50);
    expect(schedule(items('ACTIVE', 'DONE'), 2)).toBe(100);
    expect(schedule(items('ACTIVE', 'DONE'), 3)).toBe(100);
  });

  it('stops when nothing is active and starts over with the delay for the next stretch', () => {
    const schedule = createActivePollSchedule(isActive, timings);
    expect(schedule(items('ACTIVE'), 1)).toBe(50);
    expect(schedule(items('ACTIVE'), 2)).toBe(100);
    expect(schedule(items('DONE'), 3)).toBe(false);
    expect(schedule(items('ACTIVE', 'DONE'), 4)).toBe(50);
    expect(schedule(items('ACTIVE', 'DONE'), 5)).toBe(100);
  });

  it('starts over when the query was reset (its update count went back)', () => {
    const schedule = createActivePollSchedule(isActive, timings);
    expect(schedule(items('ACTIVE'), 5)).toBe(50);
    expect(schedule(items('ACTIVE'), 6)).toBe(100);
    expect(schedule(items('ACTIVE'), 1)).toBe(50);
  });
});
