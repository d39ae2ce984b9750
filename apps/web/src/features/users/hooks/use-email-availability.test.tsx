import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { advanceSettled as advance, fakeTimersInEachTest } from '../../../test/fake-clock.ts';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { useEmailAvailability } from './use-email-availability.ts';

function renderAvailability(initial: string) {
  return renderHook(({ email }) => useEmailAvailability(email), {
    wrapper: queryWrapper(),
    initialProps: { email: initial },
  });
}

const sentBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method, init?.body]);

describe('debounced email existence check', () => {
  fakeTimersInEachTest();

  it('asks once typing has paused for 400 ms, only for the last value, trimmed and lower-cased', async () => {
    const fetchMock = stubFetch({ status: 200, body: { exists: true } });
    const view = renderAvailability('');
    view.rerender({ email: 'reviewer@demo.lo' });
    await advance(200);
    view.rerender({ email: ' Reviewer@Demo.local ' });
    expect(view.result.current).toBe('checking');
    await advance(399);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);

    expect(sentBodies(fetchMock)).toEqual([
      ['/api/v1/tenant-admin/users/check-email', 'POST', JSON.stringify({ email: 'reviewer@demo.local' })],
    ]);
    expect(view.result.current).toBe('taken');
  });

  it('reports a free email as available, and checks again while the user types', async () => {
    stubFetch({ status: 200, body: { exists: false } });
    const view = renderAvailability('new.person@demo.local');
    await advance(400);
    expect(view.result.current).toBe('available');
    view.rerender({ email: 'new.person2@demo.local' });
    expect(view.result.current).toBe('checking');
  });

  it('does not check blank or malformed emails', async () => {
    const fetchMock = stubFetch();
    const view = renderAvailability('');
    await advance(1000);
    expect(view.result.current).toBe('idle');
    view.rerender({ email: 'not-an-email' });
    await advance(1000);
    expect(view.result.current).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says unknown when the check itself fails', async () => {
    stubFetch({ status: 500, body: { message: 'down', code: 'INTERNAL_ERROR' } });
    const view = renderAvailability('someone@demo.local');
    await advance(400);
    expect(view.result.current).toBe('unknown');
  });
});
