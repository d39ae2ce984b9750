/** The app: started by src/main.tsx once a pre-rendered first screen has been painted. */
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

// The first screen's chunk before the first render: a page whose first paint came pre-rendered in
// its HTML (src/prerender.tsx) is then replaced by the same screen at once, never by a blank
// frame while the chunk loads.
if (!router.state.initialized)
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

// In a transition: React renders the first screen in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task a tap would wait behind.
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
