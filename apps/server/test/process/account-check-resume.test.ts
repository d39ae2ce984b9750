import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { BulkJob } from '@portal/contract/verification';
import { DEMO_ACCOUNT_CREDENTIALS } from '@portal/optima/name-enquiry/demo-accounts';
import {
  ended,
  partlyDone,
  SMALL_CHUNKS,
  tenantAdminProcess,
  uploadSampleProcess,
} from '../helpers/job-processes.ts';
import {
  callProcess,
  loginProcess,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { startAccountSimProcess, type AccountSimProcess } from '../helpers/simulator-process.ts';
import { buildTenantInput } from '../helpers/factories.ts';
import { freshPostgresDatabase, postgresEnv } from '../helpers/test-portal.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const started: ServerProcess[] = [];
let sim: AccountSimProcess | undefined;
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await sim?.stop();
});

/** Accounts the simulator has answered, whatever it said (its /stats). */
async function answered(): Promise<number> {
  const stats = (await (await fetch(`${sim!.url}/stats`)).json()) as { answered: Record<string, number> };
  return Object.values(stats.answered).reduce((s, n) => s + n, 0);
}

it('a worker killed with SIGKILL in the middle of an account check resumes after restart; each account asked about once', async () => {
  // The provider answers slowly so that the job is still running when the portal is killed.
  sim = await startAccountSimProcess(['--latency-ms', '120']);
  const dataDir = tempDir('portal-account-resume-');
  const databaseUrl = await freshPostgresDatabase();
  const env = {
    ...(databaseUrl ? { ...postgresEnv(databaseUrl), PORTAL_ADMIN_PASSWORD: 'ChangeMe123!' } : {}),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    IDENTITY_SIM_PORT: '0',
    ...SMALL_CHUNKS,
    // As in the two-host test (DECISIONS 251): the chunks a kill loses are as small a share of
    // 2,000 records as production's 1,000 are of 1,000,000.
    VERIFY_CHUNK_SIZE: '25',
  };
  const first = await spawnServer(env);
  started.push(first);
  await waitHealthy(first.port);
  const base1 = `http://127.0.0.1:${first.port}`;
  const admin = await loginProcess(base1, 'admin@portal.local', 'ChangeMe123!');
  const { token } = await tenantAdminProcess(
    base1,
    admin,
    buildTenantInput({
      accountProvider: {
        apiBaseUrl: sim.url,
        clientId: DEMO_ACCOUNT_CREDENTIALS.clientId,
        clientSecret: DEMO_ACCOUNT_CREDENTIALS.clientSecret,
      },
    }),
  );
  await uploadSampleProcess(base1, token);
  expect((await callProcess(base1, 'POST', '/api/v1/records/account-check', token)).status).toBe(202);

  const jobsOf = async (base: string) =>
    (await callProcess(base, 'GET', '/api/v1/account-check-jobs', token)).body as BulkJob[];
  const shown = (await partlyDone(async () => (await jobsOf(base1))[0])).processedRecords;
  first.child.kill('SIGKILL');
  await first.exited;
  const askedBeforeKill = await answered();

  const second = await spawnServer(env);
  started.push(second);
  await waitHealthy(second.port);
  const base2 = `http://127.0.0.1:${second.port}`;
  // The progress shown before the kill was committed durably: it is still there after the restart.
  expect((await jobsOf(base2))[0]!.processedRecords).toBeGreaterThanOrEqual(shown);
  const job = await ended(async () => (await jobsOf(base2))[0]);
  // Every record of the sample list has an account number at a bank the table knows.
  const total = job.totalRecords;
  expect(total).toBeGreaterThan(1900);
  expect(job).toMatchObject({ status: 'COMPLETED', processedRecords: total, failedRecords: 0 });
  expect(job.successfullyVerifiedRecords + job.mismatchedRecords + job.notFoundRecords).toBe(total);
  // Only accounts asked about but not committed at the kill are asked again, never one whose
  // answer was committed.
  const asked = await answered();
  console.log(
    `account lookups after a SIGKILL: ${asked} for ${total} records (${(asked / total).toFixed(3)} per record; ` +
      `${askedBeforeKill} before the kill, ${shown} shown as processed)`,
  );
  expect(asked).toBeLessThanOrEqual(total + (askedBeforeKill - shown));
  expect(asked / total).toBeLessThanOrEqual(1.05);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 180_000);
