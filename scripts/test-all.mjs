#!/usr/bin/env node
// Runs every test the way CI does: lint and typecheck, the unit tests and the API tests of what
// differs on the embedded database on PGlite, the web build and the Playwright journeys in
// Chromium, then the whole API suite on a throwaway PostgreSQL cluster (DECISIONS 275). Once lint
// and typecheck pass, every test step runs even when one before it failed. Each
// line is prefixed with its lane; each step prints how long it took, and the run ends with a table
// of the steps, so a slow step is easy to find. Before that table it repeats, for each failed step,
// the lines that name what failed (Vitest's FAIL lines, Playwright's failed and flaky lists), so the
// tail of a long CI log says which test to run again. Exits non-zero when any step failed.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const steps = [];
// Vitest's "FAIL file > test", Playwright's "N failed" / "N flaky" and the "[chromium] › spec" lines
// under them. ANSI colours are stripped before matching.
const FAILURE_LINE = /(^|\s)(FAIL|✘)\s|^\s+\d+ (failed|flaky|interrupted|did not run)\b|^\s+\[chromium\] ›/;
const NAMED_PER_STEP = 40;

function run(lane, name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const prefix = `[${lane}] `;
    const named = [];
    const keep = (line) => {
      const plain = stripVTControlCharacters(line);
      if (FAILURE_LINE.test(plain) && !named.includes(plain) && named.length < NAMED_PER_STEP) {
        named.push(plain);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) {
          keep(line);
          process.stdout.write(prefix + line + '\n');
        }
      });
      stream.on('end', () => {
        if (!rest) return;
        keep(rest);
        process.stdout.write(prefix + rest + '\n');
      });
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      steps.push({ lane, name, seconds, ok, named });
      process.stdout.write(
        `${prefix}${name}: ${ok ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds} s\n`,
      );
      resolve(ok);
    });
  });
}

async function lane(name, list) {
  let ok = true;
  for (const [step, cmd, ...args] of list) {
    // A lane stops at its first failure; the other lane runs on, so one run shows both.
    if (!(await run(name, step, cmd, args))) {
      ok = false;
      break;
    }
  }
  return ok;
}

const started = Date.now();
// Lint and typecheck side by side: each is mostly one thread.
const first = (
  await Promise.all([
    lane('check', [['lint', 'npm', 'run', 'lint']]),
    lane('check', [['typecheck', 'npm', 'run', 'typecheck']]),
  ])
).every(Boolean);
// The test lanes run one after the other: side by side on two cores, the upload fuzz test ran past
// its 15 minutes and the PGlite pass took 41 min instead of about 20 (2026-11-28); the journeys
// alone keep both cores busy. Within the PGlite pass, a worker per core (`test:unit`, DECISIONS
// 286): Vitest's default of one fewer left a core of two half idle; within the PostgreSQL pass, two
// files at a time (`test:postgres`, DECISIONS 288).
const results = [];
if (first) {
  results.push(
    await lane('api', [['unit and API tests on PGlite', 'npm', 'run', 'test:unit']]),
    await lane('e2e', [['web build and Playwright', 'npm', 'run', 'test:e2e']]),
    await lane('api', [['API tests on PostgreSQL', 'npm', 'run', 'test:postgres']]),
  );
}

for (const s of steps.filter((step) => !step.ok && step.named.length > 0)) {
  console.log(`\nwhat failed in "${s.name}":`);
  for (const line of s.named) console.log(`  ${line.trim()}`);
}
console.log('\nstep                                  lane   result  seconds');
for (const s of steps) {
  console.log(`${s.name.padEnd(38)}${s.lane.padEnd(7)}${(s.ok ? 'passed' : 'FAILED').padEnd(8)}${s.seconds}`);
}
console.log(`total ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(first && results.every(Boolean) ? 0 : 1);
