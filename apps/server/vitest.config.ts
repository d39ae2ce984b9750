import { defineProject } from 'vitest/config';

/**
 * API tests run on PGlite by default; with TEST_DATABASE_URL (an admin URL of a throwaway cluster)
 * each test file gets its own fresh PostgreSQL database instead. The data-directory lock only
 * applies to the embedded database; several portal processes on one database only to PostgreSQL
 * (PGlite has one owner), as does an export read over several connections (COPY beside its
 * transaction), and row-level security (PGlite's one user is a superuser).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineProject({
  test: {
    name: onPostgres ? 'server-postgres' : 'server',
    environment: 'node',
    // On PostgreSQL, the tests that meet a database: src/ holds unit tests that open none, or open
    // PGlite alone (db-pglite, jobs, backup-pglite), which the PGlite pass runs.
    include: onPostgres
      ? ['test/**/*.test.ts', 'src/platform/db-postgres.test.ts']
      : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: onPostgres
      ? [
          'test/process/data-dir-lock.test.ts',
          // The compiled server on PGlite's demo defaults: the PGlite pass runs it once.
          'test/process/production-build.test.ts',
        ]
      : [
          'test/process/many-processes.test.ts',
          'test/process/token-revocation.test.ts',
          'test/process/api-processes.test.ts',
          // Two API processes beside a worker, scraped once (issue #37).
          'test/process/metrics-scrape.test.ts',
          // A throwaway PostgreSQL cluster of its own, restarted under load.
          'test/process/database-restart.test.ts',
          // nginx in front of two hosts on a cluster of its own with a streaming replica (issue #37).
          'test/process/two-host-deploy.test.ts',
          'test/api/export-snapshot.test.ts',
          // Two portals on one database stand for two API processes.
          'test/api/rate-limit-processes.test.ts',
          // Two workers at once on one database (issue #33's reminders).
          'test/api/reminder-workers.test.ts',
          // PGlite runs as a superuser: row-level security holds only the portal's PostgreSQL role.
          'test/api/row-level-security.test.ts',
          // COPY from STDIN on PostgreSQL's connection (PGlite copies from a blob on its thread).
          'src/platform/db-postgres.test.ts',
        ],
    // On PGlite, one migrated database that each test portal starts from a copy of.
    globalSetup: onPostgres ? [] : ['test/pglite-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
