import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Advances the fake clock and lets the fetch promise and the query's notifications settle. */
export async function advanceSettled(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

/** Every test of the enclosing `describe` (or file) runs on the fake clock, the real one back after it. */
export function fakeTimersInEachTest() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
