import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Starts a field-kit page in #root: hydrates the pre-rendered copy the build wrote into its HTML
 * (scripts/prerender.mjs), or renders it when there is none (the Vite dev server).
 */
export function mountPage(page: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  if (container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);
}
