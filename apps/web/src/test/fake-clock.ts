import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Advances the fake clock and lets the fetch promise and the query's notifications settle. */
export async function advanceSettled(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(0));
}
