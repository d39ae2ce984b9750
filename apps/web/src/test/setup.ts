import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import { setDisplayTimeZone } from '../lib/format.ts';

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  // A test that showed another tenant's zone leaves the next one in the default (lib/format.ts).
  setDisplayTimeZone(DEFAULT_TIME_ZONE);
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
