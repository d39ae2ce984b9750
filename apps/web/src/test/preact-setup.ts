import { afterAll } from 'vitest';

// Preact's hooks run their after-paint effects on the next animation frame, with a 35 ms timer
// beside it that then cancels the frame (preact/hooks afterNextFrame). A file whose last render
// leaves that timer pending would see it fire after jsdom's teardown has removed
// cancelAnimationFrame: an uncaught ReferenceError that fails the run (agent-dashboard.test.tsx
// once, on a loaded machine). The file waits for it while jsdom is still up.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 100)));
