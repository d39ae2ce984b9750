import { defineProject } from 'vitest/config';

export default defineProject({
  // Rooted here so `vitest run --config packages/optima/vitest.config.ts` works from the repo root too.
  root: import.meta.dirname,
  test: { name: 'optima', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
