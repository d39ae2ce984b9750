import { defineProject } from 'vitest/config';

export default defineProject({
  // Rooted here so `vitest run --config apps/identity-sim/vitest.config.ts` works from the repo root too.
  root: import.meta.dirname,
  test: { name: 'identity-sim', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
