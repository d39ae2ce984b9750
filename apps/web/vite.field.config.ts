import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
// By its path: Node loads this config and cannot import the contract's .ts through its package.
import { DEFAULT_TIME_ZONE, zoneLabel } from '../../packages/contract/src/zone-label.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The field-kit pages (login.html, register-employee.html, agent.html; DECISIONS 200) run on Preact through
 * preact/compat: the same React code, with the page's whole script 14 KiB Brotli where React's chunk alone was 58 KiB.
 * The app (vite.config.ts) keeps React; this build sees only the field pages' modules, so each
 * module has one React and the alias needs no test of who imports it.
 */
export const PREACT_FOR_REACT: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

/**
 * The field pages' HTML entries, built beside the app's index.html into the same dist. What they
 * share (Preact, the field kit, the session) is one chunk: a phone going from /login to
 * /register-employee has it cached.
 */
export const FIELD_ENTRIES = {
  login: fileURLToPath(new URL('login.html', import.meta.url)),
  'register-employee': fileURLToPath(new URL('register-employee.html', import.meta.url)),
  agent: fileURLToPath(new URL('agent.html', import.meta.url)),
};

/** The app's libraries, which no field page may load (DECISIONS 200). */
const APP_ONLY =
  /[\\/]node_modules[\\/](zod|@mui|@emotion|@tanstack|react-router|react-hook-form|@hookform|notistack)[\\/]/;

/**
 * Fails the build when a field page would bundle one of the app's libraries (a value imported from
 * a contract module that builds schemas brings zod along): the page's weight is its point.
 */
function noAppLibraries(): Plugin {
  return {
    name: 'field-pages-load-no-app-library',
    load(id) {
      if (APP_ONLY.test(id)) this.error(`a field page would bundle ${id}: import a module without it`);
    },
  };
}

/**
 * The platform zone's label for the foot's 'Times in Africa/Lagos (GMT+1)', written in at build time
 * (lib/time-zone-note.ts platformZoneNote): the page then makes no Intl object, whose first one
 * starts ICU. Only for a zone with one offset all year; for another, null, and the page names it
 * when it runs.
 */
function platformZoneLabel(): string | null {
  const year = new Date().getUTCFullYear();
  const [winter, summer] = [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)].map((at) =>
    zoneLabel(DEFAULT_TIME_ZONE, at),
  );
  return winter === summer ? winter! : null;
}

// `npm run build` runs `vite build` (the app) first, then this config: it writes into the same
// dist without emptying it. `--ssr src/field-prerender.tsx` builds the module that renders the field
// pages' copies with Preact too, so the markup the client hydrates is the one its renderer writes.
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [
    react(),
    noAppLibraries(),
    // The .br and .gz beside each asset, as the app's build does (DECISIONS 172).
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })]),
  ],
  resolve: { alias: PREACT_FOR_REACT },
  define: { __PLATFORM_ZONE_LABEL__: JSON.stringify(platformZoneLabel()) },
  build: isSsrBuild
    ? { emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: false,
        rolldownOptions: {
          input: FIELD_ENTRIES,
          // What the pages share is the field kit and Preact: named so, not after its first module.
          output: {
            chunkFileNames: 'assets/field-kit-[hash].js',
            assetFileNames: 'assets/field-kit-[hash][extname]',
          },
        },
      },
  // Node runs the prerender once: Preact and its renderer go into the bundle, so Node never
  // resolves 'react' to the app's React.
  ssr: { noExternal: isSsrBuild ? true : undefined },
}));
