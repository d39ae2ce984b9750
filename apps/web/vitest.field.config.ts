import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_FOR_REACT } from './vite.field.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The sign-in page's tests again on Preact, as its build runs it (vite.field.config.ts): Testing
// Library goes through the same aliases, so it renders with preact/compat too.
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
    include: ['src/features/auth/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    server: { deps: { inline: [/@testing-library[\\/]react/] } },
    testTimeout: 30_000,
  },
});
