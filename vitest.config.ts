import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: one on CI's 2-core machines, leaving
    // the second core idle while a PGlite test file runs on the first. TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      // The field pages' tests again on Preact, as their build runs them.
      'apps/web/vitest.field.config.ts',
      'packages/contract/vitest.config.ts',
      'packages/optima/vitest.config.ts',
      'apps/identity-sim/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
