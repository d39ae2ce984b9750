import { useSyncExternalStore } from 'react';
import { displayTimeZone, subscribeDisplayTimeZone } from './format.ts';

/** The zone moments are shown in (lib/format.ts), re-rendering when it changes. */
export function useDisplayTimeZone(): string {
  return useSyncExternalStore(subscribeDisplayTimeZone, displayTimeZone, displayTimeZone);
}
