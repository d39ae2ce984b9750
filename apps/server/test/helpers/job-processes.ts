import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Tenant, TenantCreate } from '@portal/contract/tenants';
import type { BulkJob } from '@portal/contract/verification';
import { buildUserInput } from './factories.ts';
import { callProcess, loginProcess, PROCESS_CSRF } from './server-process.ts';

/**
 * What the process tests of the resumable jobs share (bulk verification, the account check, several
 * processes on one database): the sample list uploaded on a running portal, a tenant with its admin
 * signed in, and waits on a job's progress.
 */

const SAMPLE = path.resolve(import.meta.dirname, '../../../../examples/master-list.csv');

/** The environment of a portal whose jobs run in small chunks under a short lease, polled often. */
export const SMALL_CHUNKS = {
  JOB_POLL_SECONDS: '0.5',
  VERIFY_CHUNK_SIZE: '100',
  VERIFY_CONCURRENCY: '1',
  VERIFY_LEASE_SECONDS: '5',
};

/** The sample master list (2,000 people) uploaded on a portal process; its summary. */
export async function uploadSampleProcess(
  base: string,
  token: string,
): Promise<{ newRecordsCreated: number }> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(SAMPLE), 'master-list.csv');
  const res = await fetch(`${base}/api/v1/records/upload`, {
    method: 'POST',
    headers: { ...PROCESS_CSRF, authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{ newRecordsCreated: number }>;
}

/**
 * A tenant created by the global admin (`admin`, a token on `base`) with `input`, and its tenant
 * admin signed in on `signInBase` (another API process, when a test spreads its calls).
 */
export async function tenantAdminProcess(
  base: string,
  admin: string,
  input: TenantCreate,
  signInBase = base,
): Promise<{ tenant: Tenant; token: string }> {
  const created = await callProcess<Tenant>(base, 'POST', '/api/v1/global-admin/tenants', admin, input);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const user = buildUserInput(created.body.id);
  expect((await callProcess(base, 'POST', '/api/v1/auth/register', admin, user)).status).toBe(201);
  return { tenant: created.body, token: await loginProcess(signInBase, user.email, user.password) };
}

/** Polls `read` every 100 ms until it answers a value; throws after `timeoutMs`. */
export async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 240_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The job once it has processed `least` records or more but not all of them (to kill it then). */
export const partlyDone = (job: () => Promise<BulkJob | undefined>, least = 300) =>
  until(async () => {
    const j = await job();
    return j && j.processedRecords >= least && j.processedRecords < j.totalRecords ? j : undefined;
  });

/** The job once it has ended, COMPLETED or FAILED. */
export const ended = (job: () => Promise<BulkJob | undefined>) =>
  until(async () => {
    const j = await job();
    return j && (j.status === 'COMPLETED' || j.status === 'FAILED') ? j : undefined;
  });
