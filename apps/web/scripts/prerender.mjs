#!/usr/bin/env node
// After the web app's `npm run build` has built the app (`vite build`), the field pages
// (`vite build -c vite.field.config.ts`) and their renderer (`--ssr src/field-prerender.tsx`, on
// Preact, into dist-ssr/field): writes the first paint of each field page (/login,
// /register-employee; DECISIONS 176, 200) into a copy of its HTML entry (dist/login.html,
// dist/register-employee.html), dist/prerendered/<page>.html with its .br and .gz, then removes
// dist-ssr. The page's frame marks itself `inert` until it is hydrated: nothing in the copy can be
// typed into or pressed, so a form sent before the JavaScript came can neither go out as a plain
// GET with the password in its address nor lose what was typed into the copy.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');

/** A first visit's storage: empty (Node 20 has no localStorage). */
class MemoryStorage {
  #items = new Map();
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#items.get(key) ?? null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}
globalThis.localStorage ??= new MemoryStorage();
// The browser's bundle is a production build: the renderer here must be too.
process.env.NODE_ENV = 'production';

const { FIELD_PAGES } = await import(pathToFileURL(path.join(ssr, 'field', 'field-prerender.js')).href);
const ROOT = '<div id="root"></div>';

function readTemplate(name) {
  const html = fs.readFileSync(path.join(dist, name), 'utf8');
  if (!html.includes(ROOT) || !html.includes('</head>')) throw new Error(`no ${ROOT} in dist/${name}`);
  return html;
}

/**
 * The copy is the first paint, so the app's scripts are not needed for it: `fetchpriority="low"`
 * says so to the browser (the HTML and its styles go first on a slow link) and to Lighthouse,
 * whose simulation otherwise counts every high-priority script that came before the first paint
 * over loopback as blocking it (FCP 2.5 s simulated instead of 0.8 s).
 */
function lowPriorityScripts(html) {
  const low = html
    .replace(/<script type="module" crossorigin /g, '<script type="module" fetchpriority="low" crossorigin ')
    .replace(
      /<link rel="modulepreload" crossorigin /g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin ',
    );
  if (!low.includes('<script type="module" fetchpriority="low"'))
    throw new Error('a field page has no module script to mark low priority');
  return low;
}

const out = path.join(dist, 'prerendered');
fs.mkdirSync(out, { recursive: true });

/** dist/prerendered/<entry>: login.html, register-employee.html, agent.html (web.ts reads them so). */
function write(page, entry, html) {
  const file = path.join(out, entry);
  fs.writeFileSync(file, html);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  console.log(`prerendered ${page}: ${(html.length / 1024).toFixed(1)} KiB`);
}

/**
 * The entry's style sheet in a <style> of the page instead of its <link>: the first paint then
 * waits for the HTML alone (one round trip fewer on a slow link; the field kit's CSS is about
 * 3 KiB compressed). The hashed file stays for the page's unrendered entry (the dev server's).
 */
function inlineStyles(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_link, href) => {
    const css = fs.readFileSync(path.join(dist, href), 'utf8');
    return `<style>${css}</style>`;
  });
}

/**
 * Each script a field page loads starts with V8's compile hint, and its .br and .gz say the same
 * (vite.field.config.ts `compileHint`, whose COMPILE_HINT this spells again: the config is
 * TypeScript, this script plain Node; DECISIONS 291): a build that lost it fails here.
 */
function checkCompileHints(page, html) {
  for (const [, src] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
    const file = path.join(dist, src);
    const code = fs.readFileSync(file, 'utf8');
    if (!code.startsWith('//# allFunctionsCalledOnLoad\n'))
      throw new Error(`${page}: ${src} has no compile hint`);
    if (
      fs.existsSync(`${file}.br`) &&
      zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString() !== code
    )
      throw new Error(`${page}: ${src}.br is not the script`);
    if (fs.existsSync(`${file}.gz`) && zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString() !== code)
      throw new Error(`${page}: ${src}.gz is not the script`);
  }
}

// A field-kit page (DECISIONS 200) is hydrated, not replaced: its markup goes into #root as it is
// (it marks itself inert until hydrated), its styles are its entry's one static CSS file.
for (const [page, { html: entry, render }] of Object.entries(FIELD_PAGES)) {
  const body = render();
  if (!body.includes('<main') || !body.includes(`data-prerendered="${page}"`))
    throw new Error(`${page} rendered no inert <main>: ${body.slice(0, 200)}`);
  const html = inlineStyles(lowPriorityScripts(readTemplate(entry)));
  if (html.includes('rel="stylesheet"')) throw new Error(`${page}: a style sheet was left as a link`);
  checkCompileHints(page, html);
  write(page, entry, html.replace(ROOT, `<div id="root">${body}</div>`));
}
fs.rmSync(ssr, { recursive: true, force: true });
