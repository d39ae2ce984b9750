import { z } from 'zod';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';

/** A trivial job: proves the queue end to end (it survives a restart and runs once). */
export const pingJob = defineJob({
  name: 'system.ping',
  version: 1,
  schema: z.object({ note: z.string().max(200), actorId: z.string().nullable() }),
});

export function pingHandler(audit: AuditRepo): JobHandler<z.infer<typeof pingJob.schema>> {
  return async (payload, { jobId }) => {
    await audit.append({
      tenantId: null,
      actorUserId: payload.actorId,
      actorEmail: null,
      action: 'SYSTEM_PING',
      entityType: 'job',
      entityId: jobId,
      note: payload.note,
    });
  };
}
