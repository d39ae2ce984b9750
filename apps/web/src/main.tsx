/**
 * The entry: small, so that a page whose first screen came pre-rendered in its HTML
 * (src/prerender.tsx; DECISIONS 176) is painted before the app's code is fetched and evaluated.
 * Evaluating React, MUI and the contract's schemas takes a slow phone's CPU about a second; in
 * the entry's own module graph it would run before the first paint.
 */
const prerendered = document.querySelector('[data-prerendered]') !== null;

/** After the next frame has been painted, or 100 ms at most (a tab in the background paints none). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

if (prerendered) await afterPaint();
await import('./start.tsx');

// A module (top-level await); it exports nothing.
export {};
