import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The field pages, /login and /register-employee, are pages of their own (login.html,
 * register-employee.html; DECISIONS 200), which the portal sends for their paths: the dev server
 * does the same, so they are not the app's index.html there either. (The dev server runs them on
 * React; the build, vite.field.config.ts, on Preact.)
 */
function fieldPagesInDev(): Plugin {
  return {
    name: 'portal-field-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const page = req.method === 'GET' ? /^\/(login|register-employee)(?=\?|$)/.exec(req.url ?? '') : null;
        if (page) req.url = req.url!.replace(page[0], `${page[0]}.html`);
        // The agent's dashboard (agent.html) for both its addresses.
        const agent =
          req.method === 'GET' ? /^\/dashboard\/agent(\/verify)?\/?(?=\?|$)/.exec(req.url ?? '') : null;
        if (agent) req.url = req.url!.replace(agent[0], '/agent.html');
        next();
      });
    },
  };
}

// The app's build. The pages whose first paint is pre-rendered are the field pages, built and
// rendered by vite.field.config.ts; the app itself starts from an empty #root.
export default defineConfig({
  root,
  plugins: [
    react(),
    fieldPagesInDev(),
    // Each text asset's .br and .gz beside it, sent by @fastify/static's preCompressed (DECISIONS 172).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The app alone: the field pages (login.html, register-employee.html) are built on Preact by
      // vite.field.config.ts.
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
});
