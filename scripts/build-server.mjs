#!/usr/bin/env node
// `npm run build` runs this after the web app's build: the server, the identity simulator and the
// two packages compiled to JavaScript by esbuild, each into a dist/ beside its src/ with the same
// folders, so that `NODE_ENV=production npm start` (or `node apps/server/dist/main.js`) runs
// without a TypeScript loader. One file out per file in (no bundle): what the code finds by its own
// URL keeps working at the same depth (the PGlite and upload workers, the list kinds the ingest
// worker imports by `import.meta.url`, examples/ and the web app read from the repository root), and
// a stack trace names the file it came from. Files read at run time are copied beside the code: the
// workers written in JavaScript (*.mjs), data files (*.csv) and the SQL migrations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each compiled folder, and the workspace package name its imports use (`@portal/<name>/<file>`). */
const PROJECTS = [
  { dir: 'packages/contract', name: '@portal/contract' },
  { dir: 'packages/optima', name: '@portal/optima' },
  { dir: 'apps/identity-sim', name: '@portal/identity-sim' },
  { dir: 'apps/server' },
];
/** Read at run time by path, copied as they are. */
const COPIED = /\.(mjs|csv|sql|json)$/;
const SKIPPED = /\.test\.ts$|\.d\.ts$|\.d\.mts$|-test-support\.ts$|test-client\.ts$/;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    return [path.join(entry.parentPath, entry.name)];
  });
}

const toPosix = (p) => p.split(path.sep).join('/');

/**
 * Every import stays an import (nothing is bundled): a relative `.ts` becomes `.js`, and a
 * workspace package's `@portal/x/file` becomes the relative path of its compiled file (their
 * package.json points to the TypeScript sources, which the compiled server must not load).
 */
const rewriteImports = {
  name: 'rewrite-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const workspace = PROJECTS.find((p) => p.name && args.path.startsWith(`${p.name}/`));
      if (workspace) {
        const target = path.join(
          root,
          workspace.dir,
          'dist',
          `${args.path.slice(workspace.name.length + 1)}.js`,
        );
        const fromDir = path.dirname(compiledPath(args.importer));
        let rel = toPosix(path.relative(fromDir, target));
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return { path: rel, external: true };
      }
      if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      return { path: args.path, external: true };
    });
  },
};

/** Where the compiled form of a source file goes: `<project>/src/a/b.ts` → `<project>/dist/a/b.js`. */
function compiledPath(source) {
  const rel = toPosix(path.relative(root, source));
  const m = /^(.*?)\/src\/(.*)\.[cm]?tsx?$/.exec(rel);
  if (!m) throw new Error(`not a source file of a compiled project: ${rel}`);
  return path.join(root, m[1], 'dist', `${m[2]}.js`);
}

const started = performance.now();
let compiled = 0;
let copied = 0;
for (const project of PROJECTS) {
  const src = path.join(root, project.dir, 'src');
  const dist = path.join(root, project.dir, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  const files = filesUnder(src);
  const entries = files.filter((f) => f.endsWith('.ts') && !SKIPPED.test(f));
  await build({
    entryPoints: entries,
    outbase: src,
    outdir: dist,
    bundle: true, // only so that the plugin sees every import; each one is left external
    plugins: [rewriteImports],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  compiled += entries.length;
  for (const file of files.filter((f) => COPIED.test(f))) {
    const target = path.join(dist, path.relative(src, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
    copied++;
  }
}
console.log(
  `server, simulator and packages compiled: ${compiled} files, ${copied} copied, ${Math.round(performance.now() - started)} ms`,
);
