import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
