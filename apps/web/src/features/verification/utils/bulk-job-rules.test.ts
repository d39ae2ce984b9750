import { describe, expect, it } from 'vitest';
import type { BulkJob } from '@portal/contract/verification';
import { finishedJobIds, hasActiveJob, showsValidationStep } from './bulk-job-rules.ts';

describe('Next Step (Go to Validation Queue)', () => {
  it('shows for a COMPLETED job that verified records', () => {
    expect(showsValidationStep({ status: 'COMPLETED', successfullyVerifiedRecords: 1880 })).toBe(true);
    expect(showsValidationStep({ status: 'COMPLETED', successfullyVerifiedRecords: 1 })).toBe(true);
  });

  it('does not show for a COMPLETED job that verified nothing', () => {
    expect(showsValidationStep({ status: 'COMPLETED', successfullyVerifiedRecords: 0 })).toBe(false);
  });

  it('does not show for a job that is not COMPLETED, whatever it verified', () => {
    for (const status of ['PENDING', 'RUNNING', 'FAILED'] as const) {
      expect(showsValidationStep({ status, successfullyVerifiedRecords: 500 })).toBe(false);
    }
  });
});

describe('active and finished jobs', () => {
  const job = (id: string, status: BulkJob['status']) => ({ id, status });

  it('a job is active while PENDING or RUNNING', () => {
    expect(hasActiveJob([job('a', 'PENDING')])).toBe(true);
    expect(hasActiveJob([job('a', 'COMPLETED'), job('b', 'RUNNING')])).toBe(true);
    expect(hasActiveJob([job('a', 'COMPLETED'), job('b', 'FAILED')])).toBe(false);
    expect(hasActiveJob(undefined)).toBe(false);
  });

  it('names the jobs that were active and are not any more', () => {
    expect(finishedJobIds([job('a', 'RUNNING')], [job('a', 'COMPLETED')])).toEqual(['a']);
    expect(finishedJobIds([job('a', 'PENDING')], [job('a', 'FAILED')])).toEqual(['a']);
    expect(finishedJobIds([job('a', 'PENDING')], [job('a', 'RUNNING')])).toEqual([]);
    expect(finishedJobIds([job('a', 'COMPLETED')], [job('b', 'PENDING'), job('a', 'COMPLETED')])).toEqual([]);
    expect(finishedJobIds(undefined, [job('a', 'COMPLETED')])).toEqual([]);
  });

  it('counts a job that started and finished between two answers', () => {
    expect(finishedJobIds([], [job('a', 'COMPLETED')])).toEqual(['a']);
    expect(finishedJobIds([job('a', 'COMPLETED')], [job('b', 'FAILED'), job('a', 'COMPLETED')])).toEqual([
      'b',
    ]);
  });

  it('counts an active job that disappeared', () => {
    expect(finishedJobIds([job('a', 'RUNNING')], [])).toEqual(['a']);
  });
});
