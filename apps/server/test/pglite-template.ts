import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { asPlatform } from '../src/platform/tenant-context.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory that each test portal starts from a copy of. */
    pgliteTemplate: string;
  }
}

/**
 * The PGlite pass's global set-up: one embedded database created and migrated for the whole run.
 * Creating one (initdb inside WebAssembly) took most of each test file's start, about 10 of its
 * 12 seconds; a test portal now starts from a copy of this one, as PostgreSQL's CREATE DATABASE
 * copies its template (test-portal.ts). The portal's own start still runs the migrations, and
 * finds none left to apply.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  const db = await openDatabase({ dataDir: dir });
  try {
    await asPlatform(() => migrate(db.orm));
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', path.join(dir, 'pglite'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
