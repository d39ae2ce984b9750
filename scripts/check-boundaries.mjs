#!/usr/bin/env node
// The code's boundaries (issue #19): the rules of .dependency-cruiser.cjs, and no loop between the
// server's folders (access, platform, db, each modules/<feature>, the composition root). A loop
// between folders means neither can be understood or changed without the other, even when no two
// files import each other.
//
//   node scripts/check-boundaries.mjs [--root DIR]   exit 1 and one line per violation or loop
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(here, '..');
const depcruise = path.resolve(here, '../node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = existsSync(path.join(root, '.dependency-cruiser.cjs'))
  ? path.join(root, '.dependency-cruiser.cjs')
  : path.resolve(here, '../.dependency-cruiser.cjs');

const targets = ['apps', 'packages'].filter((dir) => existsSync(path.join(root, dir)));
const json = execFileSync(
  process.execPath,
  [depcruise, ...targets, '--config', config, '--output-type', 'json'],
  { cwd: root, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
).toString();
const result = JSON.parse(json);

const problems = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
for (const { group, loop } of folderLoops(result.modules)) {
  problems.push(`server-folder-loop between ${group.join(', ')}: e.g. ${loop.join(' → ')}`);
}

if (problems.length) {
  for (const p of problems) console.error(`boundary: ${p}`);
  console.error(
    `${problems.length} boundary violation(s); see .dependency-cruiser.cjs for why each rule exists.`,
  );
  process.exit(1);
}
console.log(`Boundaries hold: ${result.summary.totalCruised} modules, no server folder loop.`);

/** The folder of a server file: access, platform, db, modules/<feature>, or (root) for the rest. */
function serverFolder(source) {
  const m = /^apps\/server\/src\/(?:(modules\/[^/]+)|([^/]+)\/)/.exec(source);
  if (!m) return source.startsWith('apps/server/src/') ? '(root)' : undefined;
  return m[1] ?? m[2];
}

/** Every strongly connected group of two or more server folders, as one loop through them. */
function folderLoops(modules) {
  const edges = new Map();
  for (const mod of modules) {
    const from = serverFolder(mod.source);
    if (!from || /\.test\.tsx?$/.test(mod.source)) continue;
    for (const dep of mod.dependencies) {
      const to = serverFolder(dep.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return stronglyConnected(edges)
    .filter((group) => group.length > 1)
    .map((group) => ({ group, loop: loopThrough(group, edges) }));
}

/** Tarjan's strongly connected components. */
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      groups.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** A shortest path from the group's first folder back to itself, inside the group. */
function loopThrough(group, edges) {
  const inGroup = new Set(group);
  const start = group[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const loop = [start];
        for (let u = v; u !== null; u = previous.get(u)) loop.unshift(u);
        return loop;
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return group;
}
