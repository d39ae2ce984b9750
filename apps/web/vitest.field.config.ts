import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_FOR_REACT } from './vite.field.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The field pages' tests (the sign-in page, the claim page, the agent's dashboard) again on Preact, as their build runs
// them (vite.field.config.ts): Testing Library goes through the same aliases, so it renders with
// preact/compat too.
export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: [
      ...PREACT_FOR_REACT,
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // Its ES build, inlined below, so that its own imports of React meet the aliases too.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    name: 'web-field',
    environment: 'jsdom',
    include: [
      'src/features/auth/**/*.test.{ts,tsx}',
      'src/features/registration/routes/register-employee-page.test.tsx',
      'src/features/registration/registration-machine.test.ts',
      'src/features/registration/claim-check.test.ts',
      // The field agent's dashboard (agent.html, issue #32): the page, its desk and appeal's calls.
      'src/app/dashboards/routes/agent-dashboard.test.tsx',
      'src/features/field/api/field-calls.test.ts',
      'src/features/appeals/api/agent-appeal-calls.test.ts',
      'src/features/appeals/appeal-check.test.ts',
    ],
    setupFiles: ['src/test/setup.ts', 'src/test/preact-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    server: { deps: { inline: [/@testing-library[\\/]react/] } },
    testTimeout: 30_000,
  },
});
