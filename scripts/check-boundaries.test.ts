import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Each boundary rule of .dependency-cruiser.cjs (and the folder-loop check) must fail on a deliberate
// violation: a small tree is written to a temporary folder, checked with the real script and config.
const repo = path.resolve(import.meta.dirname, '..');
const script = path.join(repo, 'scripts/check-boundaries.mjs');
let dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** Writes the files into a fresh tree (with the repo's node_modules) and runs the check on it. */
function check(files: Record<string, string>): { code: number; output: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  dirs.push(root);
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  fs.copyFileSync(path.join(repo, '.dependency-cruiser.cjs'), path.join(root, '.dependency-cruiser.cjs'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  try {
    const output = execFileSync(process.execPath, [script, '--root', root], { stdio: 'pipe' }).toString();
    return { code: 0, output };
  } catch (err) {
    const e = err as { status: number; stdout: Buffer; stderr: Buffer };
    return { code: e.status, output: `${e.stdout}${e.stderr}` };
  }
}

const lawful = {
  'packages/contract/src/roles.ts': `export const ROLES = ['REVIEWER'] as const;\n`,
  'apps/server/src/platform/errors.ts': `export const oops = () => new Error('x');\n`,
  'apps/server/src/access/scope.ts': `import { oops } from '../platform/errors.ts';\nexport const scope = oops;\n`,
  'apps/server/src/modules/users/users.repo.ts': `import { sql } from 'drizzle-orm';\nexport const q = sql\`select 1\`;\n`,
  'apps/server/src/modules/users/users.service.ts': `import { q } from './users.repo.ts';\nimport { scope } from '../../access/scope.ts';\nexport const s = [q, scope];\n`,
  'apps/web/src/lib/format.ts': `export const format = (n: number) => String(n);\n`,
  'apps/web/src/features/records/page.tsx': `import { format } from '../../lib/format.ts';\nexport const page = format;\n`,
  'apps/web/src/features/users/page.tsx': `import { format } from '../../lib/format.ts';\nexport const page = format;\n`,
  'apps/identity-sim/src/simulator.ts': `export const start = () => 0;\n`,
};

const violations: [rule: string, file: string, text: string][] = [
  [
    'contract-imports-nothing-ours',
    'packages/contract/src/bad.ts',
    `import { format } from '../../../apps/web/src/lib/format.ts';\nexport const bad = format;\n`,
  ],
  [
    'optima-protocol-imports-no-app',
    'packages/optima/src/bad.ts',
    `import { start } from '../../../apps/identity-sim/src/simulator.ts';\nexport const bad = start;\n`,
  ],
  [
    'web-never-imports-server',
    'apps/web/src/lib/bad.ts',
    `import { q } from '../../../server/src/modules/users/users.repo.ts';\nexport const bad = q;\n`,
  ],
  [
    'web-features-are-independent',
    'apps/web/src/features/records/bad.tsx',
    `import { page } from '../users/page.tsx';\nexport const bad = page;\n`,
  ],
  [
    'access-imports-no-module',
    'apps/server/src/access/bad.ts',
    `import { q } from '../modules/users/users.repo.ts';\nexport const bad = q;\n`,
  ],
  [
    'only-repositories-use-the-database',
    'apps/server/src/modules/users/bad.service.ts',
    `import { sql } from 'drizzle-orm';\nexport const bad = sql\`select 2\`;\n`,
  ],
  [
    'portal-never-imports-the-simulator',
    'apps/server/src/bad.ts',
    `import { start } from '../../identity-sim/src/simulator.ts';\nexport const bad = start;\n`,
  ],
];

describe('boundary check', () => {
  it('passes a tree that keeps every rule', () => {
    const { code, output } = check(lawful);
    expect(output).toMatch(/Boundaries hold/);
    expect(code).toBe(0);
  });

  it.each(violations)('fails on a deliberate violation of %s', (rule, file, text) => {
    const { code, output } = check({ ...lawful, [file]: text });
    expect(code).toBe(1);
    expect(output).toContain(`${rule}: ${file}`);
  });

  it('allows a type-only import of the database client outside repositories (a transaction handle)', () => {
    const typeOnly = `import type { SQL } from 'drizzle-orm';\nexport type Handle = SQL;\n`;
    expect(check({ ...lawful, 'apps/server/src/modules/users/tx.service.ts': typeOnly }).code).toBe(0);
  });

  it('fails on a loop between server folders, naming the folders', () => {
    const { code, output } = check({
      ...lawful,
      'apps/server/src/modules/users/users.service.ts': `import { t } from '../tenants/tenants.service.ts';\nexport const s = t;\n`,
      'apps/server/src/modules/tenants/tenants.service.ts': `import { q } from '../users/users.repo.ts';\nexport const t = q;\n`,
      'apps/server/src/modules/users/users.repo.ts': `import { sql } from 'drizzle-orm';\nimport { other } from '../tenants/other.ts';\nexport const q = [sql, other];\n`,
      'apps/server/src/modules/tenants/other.ts': `export const other = 1;\n`,
    });
    expect(code).toBe(1);
    expect(output).toContain('server-folder-loop between modules/tenants, modules/users');
  });
});
