import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The sign-in page is a page of its own (login.html, DECISIONS 200), which the portal sends for
 * GET /login: the dev server does the same, so /login is not the app's index.html there either.
 * (The dev server runs it on React; the build, vite.field.config.ts, on Preact.)
 */
function loginPageInDev(): Plugin {
  return {
    name: 'portal-login-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && req.url !== undefined && /^\/login(?:\?|$)/.test(req.url))
          req.url = req.url.replace('/login', '/login.html');
        next();
      });
    },
  };
}

// `vite build --ssr src/prerender.tsx` (isSsrBuild) builds the module that renders the public
// pages' first paint at build time (DECISIONS 176): Node runs it once, so it needs neither the
// compressed copies nor the browser's chunk groups.
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [
    react(),
    loginPageInDev(),
    // Each text asset's .br and .gz beside it, sent by @fastify/static's preCompressed (DECISIONS 172).
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })]),
  ],
  build: isSsrBuild
    ? { emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        rolldownOptions: {
          // The app alone: the field pages (login.html) are built on Preact by vite.field.config.ts.
          input: { main: fileURLToPath(new URL('index.html', import.meta.url)) },
          output: {
            // React changes less often than the app: its chunk stays cached across releases. The rest
            // is split by route (issue #32): one chunk of MUI or of every library would make the
            // sign-in page load the charts and the tables of every dashboard.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // Apart from React too: the router changes less often than the app as well.
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                // zod with the line that turns its eval probe off (lib/zod-jitless.ts): the chunk runs
                // before any chunk that imports zod, so no schema is built before the setting.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]lib[\\/]zod-jitless\.ts$/ },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
}));
