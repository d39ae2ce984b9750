import { describe, expect, it } from 'vitest';
import type { IntegrityRepo } from './integrity.repo.ts';
import { BACKGROUND_PRIORITY, evaluateIntegrityJob, integrityRequester } from './integrity.jobs.ts';

const TENANT = '00000000-0000-4000-8000-0000000000aa';

function recording() {
  const marked: string[] = [];
  const sent: { name: string; payload: unknown; options: unknown }[] = [];
  const repo = {
    request: async (scope: { tenantId: string }) => void marked.push(`own ${scope.tenantId}`),
    requestOthers: async (scope: { tenantId: string }) => void marked.push(`others ${scope.tenantId}`),
  } as unknown as IntegrityRepo;
  const jobs = {
    send: async (def: { name: string }, payload: unknown, options?: unknown) => {
      sent.push({ name: def.name, payload, options });
      return 'job-1';
    },
  };
  return { request: integrityRequester(repo, jobs as never), marked, sent };
}

describe('integrityRequester (DECISIONS 272)', () => {
  it("queues a tenant's own change at the queue's usual priority, marked stale first", async () => {
    const { request, marked, sent } = recording();
    await request(TENANT, 'upload of 2 records');
    expect(marked).toEqual([`own ${TENANT}`]);
    expect(sent).toEqual([
      {
        name: evaluateIntegrityJob.name,
        payload: { tenantId: TENANT, reason: 'upload of 2 records' },
        options: {},
      },
    ]);
  });

  it("queues another tenant's change behind them: a lower priority, the tenant still marked stale by others (DECISIONS 273)", async () => {
    const { request, marked, sent } = recording();
    await request(TENANT, 'another tenant changed', { background: true });
    expect(marked).toEqual([`others ${TENANT}`]);
    expect(sent[0]!.options).toEqual({ priority: BACKGROUND_PRIORITY });
    expect(BACKGROUND_PRIORITY).toBeLessThan(0); // pg-boss runs the higher priority first; the default is 0
  });
});
