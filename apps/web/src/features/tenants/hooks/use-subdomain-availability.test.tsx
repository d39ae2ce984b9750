import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { advanceSettled as advance, fakeTimersInEachTest } from '../../../test/fake-clock.ts';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { useSubdomainAvailability } from './use-subdomain-availability.ts';

function renderAvailability(initial: string, enabled = true) {
  return renderHook(({ subdomain }) => useSubdomainAvailability(subdomain, enabled), {
    wrapper: queryWrapper(),
    initialProps: { subdomain: initial },
  });
}

const requestedPaths = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url));

describe('debounced subdomain check', () => {
  fakeTimersInEachTest();

  it('asks the server only after typing has paused for 300 ms, and only for the last value', async () => {
    const fetchMock = stubFetch({ status: 200, body: false });
    const view = renderAvailability('d');

    for (const typed of ['de', 'dem', 'demo']) {
      await advance(100);
      view.rerender({ subdomain: typed });
    }
    expect(view.result.current).toBe('checking');
    await advance(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);

    expect(requestedPaths(fetchMock)).toEqual(['/api/v1/global-admin/tenants/check-subdomain/demo']);
    expect(view.result.current).toBe('taken');
  });

  it('reports a free subdomain as available, and goes back to checking while the user types', async () => {
    stubFetch({ status: 200, body: true });
    const view = renderAvailability('lagos');
    await advance(300);
    expect(view.result.current).toBe('available');

    view.rerender({ subdomain: 'lagos-state' });
    expect(view.result.current).toBe('checking');
  });

  it('treats a failed check as available', async () => {
    const fetchMock = stubFetch({ status: 500, body: { message: 'down', code: 'INTERNAL_ERROR' } });
    const view = renderAvailability('kano');
    await advance(300);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(view.result.current).toBe('available');
  });

  it('does not check malformed subdomains, nor in edit mode', async () => {
    const fetchMock = stubFetch();
    const malformed = renderAvailability('-bad-');
    await advance(500);
    expect(malformed.result.current).toBe('idle');

    const editing = renderAvailability('demo', false);
    await advance(500);
    expect(editing.result.current).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
