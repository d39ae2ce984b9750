import type { BulkJob } from '@portal/contract/verification';
import { ACTIVE_JOB_STATUSES } from '@portal/contract/verification';

type JobStatus = Pick<BulkJob, 'status'>;

/** PENDING or RUNNING: the job still changes, so the history polls and no new job may start. */
export function isActiveJob(job: JobStatus): boolean {
  return ACTIVE_JOB_STATUSES.includes(job.status);
}

export function hasActiveJob(jobs: readonly JobStatus[] | undefined): boolean {
  return jobs?.some(isActiveJob) ?? false;
}

/** SPEC §2: 'Go to Validation Queue' only for a COMPLETED job that verified at least one record. */
export function showsValidationStep(job: Pick<BulkJob, 'status' | 'successfullyVerifiedRecords'>): boolean {
  return job.status === 'COMPLETED' && job.successfullyVerifiedRecords > 0;
}

/**
 * Jobs that finished between two answers of the history: active in `previous` and no longer
 * active (or gone) in `next`, and jobs new in `next` that are already finished (a short job can
 * start and end between two polls). Nothing on the first answer: there is no "before".
 */
export function finishedJobIds(
  previous: readonly Pick<BulkJob, 'id' | 'status'>[] | undefined,
  next: readonly Pick<BulkJob, 'id' | 'status'>[] | undefined,
): string[] {
  if (!previous || !next) return [];
  const before = new Map(previous.map((job) => [job.id, job]));
  const after = new Set(next.map((job) => job.id));
  const endedOnScreen = previous.filter((job) => isActiveJob(job) && !after.has(job.id)).map((job) => job.id);
  const endedSince = next
    .filter((job) => !isActiveJob(job))
    .filter((job) => {
      const was = before.get(job.id);
      return !was || isActiveJob(was);
    })
    .map((job) => job.id);
  return [...endedSince, ...endedOnScreen];
}
