import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import { setDisplayTimeZone } from '../lib/format.ts';
import { pageLoad } from '../lib/page-load.ts';

// findBy* and waitFor wait up to 10 s, not 1 s: on a busy CI machine a debounced search, its answer
// and MUI's render took longer than a second (integrity-page.test.tsx failed so). A check that
// never holds still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// jsdom loads no other page: a test sees where the page would have gone in `pageLoad.replace`'s calls.
beforeEach(() => {
  vi.spyOn(pageLoad, 'replace').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  // A test that showed another tenant's zone leaves the next one in the default (lib/format.ts).
  setDisplayTimeZone(DEFAULT_TIME_ZONE);
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
