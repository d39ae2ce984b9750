import { defineProject } from 'vitest/config';

/**
 * Unit tests (src/) run on the PGlite pass. The API and process tests (test/) run on PostgreSQL,
 * production's database (DECISIONS 275): the PostgreSQL pass, with TEST_DATABASE_URL (an admin URL
 * of a throwaway cluster; each test file gets its own fresh database), runs them all but those
 * whose servers run on the embedded database whatever the pass (EMBEDDED_ONLY). The PGlite pass
 * runs those, and again the files whose code takes another path on the embedded database
 * (EMBEDDED); API_TESTS=all runs every API test on PGlite.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Servers on the embedded database whatever the pass: their data directory is the subject. */
const EMBEDDED_ONLY = [
  'test/process/data-dir-lock.test.ts',
  // The compiled server on PGlite's demo defaults.
  'test/process/production-build.test.ts',
  'test/process/demo-simulator.test.ts',
  'test/process/start-banner.test.ts',
];

/**
 * What takes another path on the embedded database (one session on a thread of its own), run on
 * both: uploads (COPY from a blob on its thread), exports (a cursor in the writing transaction),
 * the decisions that read before their transaction, the provider jobs' pipelined commits and their
 * resumption, the cross-tenant index's sync, backups, the demo's seed and a job across a restart.
 */
const EMBEDDED = [
  ...EMBEDDED_ONLY,
  'test/process/bulk-verify-resume.test.ts',
  'test/process/account-check-resume.test.ts',
  'test/api/upload-fuzz.test.ts',
  'test/api/records-upload.test.ts',
  'test/api/upload-parsing.test.ts',
  'test/api/reupload-after-decisions.test.ts',
  'test/api/hr-lists-separations.test.ts',
  'test/api/payroll-export.test.ts',
  'test/api/export-approval.test.ts',
  'test/api/validation-queues.test.ts',
  'test/api/bulk-approve.test.ts',
  'test/api/integrity-decisions.test.ts',
  'test/api/appeals.test.ts',
  'test/api/account-claims.test.ts',
  'test/api/four-eyes.test.ts',
  'test/api/bulk-verification.test.ts',
  'test/api/account-check.test.ts',
  'test/api/integrity-on-another-payroll.test.ts',
  'test/api/backup-restore-drill.test.ts',
  'test/api/demo-seed.test.ts',
  'test/api/job-survives-restart.test.ts',
];

/** On PostgreSQL only: several processes or connections on one database, and row-level security. */
const POSTGRES_ONLY = [
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
  // A second connection holds the flags table while a run waits at its merge.
  'test/api/integrity-flag-terms-race.test.ts',
];

const allOnPglite = process.env.API_TESTS === 'all';

export default defineProject({
  test: {
    name: onPostgres ? 'server-postgres' : 'server',
    environment: 'node',
    // On PostgreSQL, the tests that meet a database: src/ holds unit tests that open none, or open
    // PGlite alone (db-pglite, jobs, backup-pglite), which the PGlite pass runs; and COPY from
    // STDIN on PostgreSQL's connection (PGlite copies from a blob on its thread).
    include: onPostgres
      ? ['test/**/*.test.ts', 'src/platform/db-postgres.test.ts']
      : ['src/**/*.test.ts', ...(allOnPglite ? ['test/**/*.test.ts'] : EMBEDDED)],
    exclude: onPostgres ? EMBEDDED_ONLY : ['src/platform/db-postgres.test.ts', ...POSTGRES_ONLY],
    // One migrated database that each test portal's starts from a copy of.
    globalSetup: onPostgres ? ['test/postgres-template.ts'] : ['test/pglite-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
