import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
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

/** V8's explicit compile hint, file-based (Chrome 136+); the spec wants it on the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's compile hint on the first line of each field script (DECISIONS 291): nearly every
 * function in them runs as the page starts, so Chrome compiles them all while the file streams in,
 * off the main thread, where each was compiled on its first call inside the hydration's task
 * (the agent's hydration 27 ms against 49 ms on this host). After the bundle is written, because
 * Vite puts its preload helper above any banner; the .br and .gz beside a script are made again.
 */
function compileHint(): Plugin {
  return {
    name: 'field-scripts-compile-eagerly',
    writeBundle: {
      order: 'post',
      handler(options, bundle) {
        for (const [fileName, output] of Object.entries(bundle)) {
          if (output.type !== 'chunk') continue;
          const file = path.join(options.dir!, fileName);
          const code = fs.readFileSync(file, 'utf8');
          if (code.startsWith(COMPILE_HINT)) continue;
          const hinted = `${COMPILE_HINT}\n${code}`;
          fs.writeFileSync(file, hinted);
          if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(hinted));
          if (fs.existsSync(`${file}.gz`))
            fs.writeFileSync(`${file}.gz`, zlib.gzipSync(hinted, { level: 9 }));
        }
      },
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
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }), compileHint()]),
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
