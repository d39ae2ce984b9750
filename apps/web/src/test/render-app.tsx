import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { routes } from '../app/router.tsx';

/**
 * Every screen is a lazy route (issue #32): the tests load them all once, before the first render,
 * so that a screen shows as soon as it would have before and the tests need not wait for chunks.
 */
async function loadLazyRoutes(table: RouteObject[]): Promise<void> {
  for (const route of table) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }
    if (route.children) await loadLazyRoutes(route.children);
  }
}
await loadLazyRoutes(routes);

/** Renders the whole app (providers, shell, route table) at `path` in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
