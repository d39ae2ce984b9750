// First: zod must not probe for eval, which the Content-Security-Policy refuses.
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const router = createAppRouter();

/**
 * Resolves once the first screen's chunk has loaded. A promise, not a top-level await: Rolldown
 * keeps the modules of an entry with a top-level await out of its chunk (90 chunks became 120,
 * and /login's first visit 263 KiB became 306 KiB).
 */
function initialized(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Rendered once the first screen's chunk is there, so the first commit is the screen itself. (The
// pages a phone opens first, /login and /register-employee, are pages of their own, pre-rendered
// and hydrated on Preact: DECISIONS 200.) In a transition, React renders it in slices of a few
// milliseconds, yielding to the browser between them, instead of one long task a tap would wait
// behind.
void initialized().then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
