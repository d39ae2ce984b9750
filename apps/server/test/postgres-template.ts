import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { asPlatform } from '../src/platform/tenant-context.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database on the test cluster that each test database is created from. */
    postgresTemplate: string;
  }
}

const TEMPLATE = 'portal_test_template';

/**
 * The PostgreSQL pass's global set-up: one database migrated for the whole run, which each test
 * portal's database is created from (`CREATE DATABASE … TEMPLATE`), as the PGlite pass copies its
 * template (pglite-template.ts): a migration of a new database was about a second of each of the
 * pass's hundred-odd portal starts. The portal's own start still runs the migrations, and finds
 * none left to apply. Migrated as the cluster's superuser, the tables' owner, as the portals
 * migrate (DATABASE_OWNER_URL).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE}`);
    await admin.query(`create database ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE}`;
  // No data directory: a database URL opens PostgreSQL alone.
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
  try {
    await asPlatform(() => migrate(db.orm));
  } finally {
    await db.close();
  }
  project.provide('postgresTemplate', TEMPLATE);
}
