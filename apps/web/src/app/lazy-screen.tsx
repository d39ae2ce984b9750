import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';

/** A screen fetched when its route first opens, from its own chunk (issue #32, DECISIONS 173). */
export type ScreenLoader = () => Promise<ReactElement>;

/**
 * The route's `lazy`: the router fetches the screen's chunk before it shows the route (the open
 * screen stays until then), so a page loads only the code of the screens it shows.
 */
export function lazyScreen(load: ScreenLoader): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: await load() }) };
}
