import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Campaign } from '@portal/contract/campaigns';
import { dayIn, DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import type { MasterRecord, Named } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { call } from './api.ts';
import { setClockAhead } from './clock.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');

/** The calendar day after `day` (YYYY-MM-DD). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The sample master list uploaded and verified against the demo simulator in a journey's tenant. */
export async function uploadAndVerifySample(request: APIRequestContext, admin: string): Promise<void> {
  await call(request, 'POST', '/api/v1/records/upload', {
    token: admin,
    multipart: { file: { name: 'master-list.csv', mimeType: 'text/csv', buffer: fs.readFileSync(SAMPLE) } },
  });
  await call(request, 'POST', '/api/v1/records/bulk-verify', { token: admin, status: 202 });
  await expect
    .poll(
      async () =>
        (await call<{ status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token: admin }))[0]?.status,
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toBe('COMPLETED');
}

/** A ministry of the tenant, by its name. */
export async function ministryNamed(request: APIRequestContext, admin: string, name: string): Promise<Named> {
  const ministries = await call<Named[]>(request, 'GET', '/api/v1/tenant-admin/ministries', { token: admin });
  const ministry = ministries.find((m) => m.name === name);
  expect(ministry, `the sample has ${name}`).toBeTruthy();
  return ministry!;
}

/**
 * The ministry's people waiting for approval who have an SSID, NIN and PSN and a name nobody else
 * has (a row or a search result names one person), each read in full: lists mask the SSID and
 * NIN, and an identity check types them as the person reads them from their documents.
 */
export async function uniquePeopleOf(
  request: APIRequestContext,
  admin: string,
  ministry: Named,
): Promise<MasterRecord[]> {
  const queue = await call<QueuePage>(
    request,
    'GET',
    `/api/v1/records/queue/pending-approval?pageSize=50&ministry=${encodeURIComponent(ministry.id)}`,
    { token: admin },
  );
  const full = await Promise.all(
    queue.items.map((item) =>
      call<MasterRecord>(request, 'GET', `/api/v1/records/${item.id}`, { token: admin }),
    ),
  );
  const usable = full.filter((r) => r.psn && r.ssid && r.nin && r.ministry === ministry.name);
  return usable.filter((r) => usable.filter((s) => s.fullName === r.fullName).length === 1);
}

/**
 * An exercise of the ministry that opens and closes tomorrow, the portal's clock moved past it,
 * and its no-shows suspended (the second approver off): everyone of the ministry who did not
 * appear is SUSPENDED. The journey puts the clock back (setClockAhead(0)) after it.
 */
export async function suspendNoShowsOf(
  request: APIRequestContext,
  admin: string,
  ministry: Named,
  name: string,
): Promise<Campaign> {
  // It opens tomorrow in the tenant's zone, the exercises' calendar: anything done today (a claim,
  // a re-verification) is no appearance in it. (Tomorrow in UTC is today in Lagos from 23:00 UTC,
  // when CI often runs.)
  const tomorrow = dayAfter(dayIn(Date.now(), DEFAULT_TIME_ZONE));
  const exercise = await call<Campaign>(request, 'POST', '/api/v1/campaigns', {
    token: admin,
    data: {
      name,
      ministryIds: [ministry.id],
      departmentIds: [],
      opensOn: tomorrow,
      closesOn: tomorrow,
      graceDays: 0,
      documents: [],
    },
    status: 201,
  });
  setClockAhead(3);
  await call(request, 'POST', `/api/v1/campaigns/${exercise.id}/suspend-no-shows`, {
    token: admin,
    data: { note: 'Absent at the headcount' },
    status: 201,
  });
  return exercise;
}
