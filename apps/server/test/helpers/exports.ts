import { expect } from 'vitest';
import type { ExportJob } from '@portal/contract/exports';
import { waitFor, type TestPortal } from './test-portal.ts';

/**
 * Requests a payroll export as `token`'s tenant admin (202) and waits until its job has left
 * PENDING and PROCESSING: COMPLETED, FAILED, or awaiting its second approver.
 */
export async function exportNow(portal: TestPortal, token: string): Promise<ExportJob> {
  const res = await portal.api.post('/api/v1/records/export', { token });
  expect(res.statusCode, res.body).toBe(202);
  const id = (res.json() as ExportJob).id;
  return waitFor(async () => {
    const logs = (await portal.api.get('/api/v1/records/export-logs', { token })).json() as ExportJob[];
    const job = logs.find((l) => l.id === id);
    return job && !['PENDING', 'PROCESSING'].includes(job.status) ? job : undefined;
  });
}
