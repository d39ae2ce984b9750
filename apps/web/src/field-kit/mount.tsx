import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Starts a field-kit page in #root: hydrates the pre-rendered copy the build wrote into its HTML
 * (scripts/prerender.mjs), or renders it when there is none (the Vite dev server). In a
 * transition, React does it in slices of a few milliseconds and yields to the browser between
 * them: no long task for a tap to wait behind (the copy is on screen meanwhile).
 *
 * `hydrate: false` is for a visit the copy does not show (a signed-in one: the copy is a first,
 * signed-out visit's): the page is drawn anew in the copy's place, in the same task, so no blank
 * frame comes between.
 */
export function mountPage(page: ReactNode, { hydrate = true }: { hydrate?: boolean } = {}): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  if (hydrate && container.firstElementChild) {
    startTransition(() => void hydrateRoot(container, page));
    return;
  }
  const root = createRoot(container);
  startTransition(() => {
    container.replaceChildren();
    root.render(page);
  });
}
