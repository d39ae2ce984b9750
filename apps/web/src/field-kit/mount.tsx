import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Starts a field-kit page in #root: hydrates the pre-rendered copy the build wrote into its HTML
 * (scripts/prerender.mjs), or renders it when there is none (the Vite dev server). In a
 * transition, React does it in slices of a few milliseconds and yields to the browser between
 * them: no long task for a tap to wait behind (the copy is on screen meanwhile).
 */
export function mountPage(page: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, page));
  else {
    const root = createRoot(container);
    startTransition(() => root.render(page));
  }
}
