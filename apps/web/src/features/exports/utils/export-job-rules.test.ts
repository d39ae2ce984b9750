import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import {
  canDownload,
  createExportPollSchedule,
  initiateFailureMessage,
  isActiveExport,
} from './export-job-rules.ts';

const jobs = (...statuses: ('PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED')[]) =>
  statuses.map((status) => ({ status }));

describe('export rules', () => {
  it('counts PENDING and PROCESSING as active, the others as finished', () => {
    expect(jobs('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED').map(isActiveExport)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('offers the download only for a COMPLETED export', () => {
    expect(jobs('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED').map(canDownload)).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('polls 5000 ms after an active export shows, then every 15000 ms, and not when none is active', () => {
    const schedule = createExportPollSchedule();
    expect(schedule(jobs('COMPLETED', 'FAILED'), 1)).toBe(false);
    expect(schedule(jobs('PENDING', 'COMPLETED'), 2)).toBe(5000);
    expect(schedule(jobs('PROCESSING', 'COMPLETED'), 3)).toBe(15000);
    expect(schedule(jobs('PROCESSING', 'COMPLETED'), 4)).toBe(15000);
    expect(schedule(jobs('COMPLETED', 'COMPLETED'), 5)).toBe(false);
  });

  it("shows a 409's own message, and SPEC's message for any other failure", () => {
    const busy = 'A payroll export is already being generated.';
    expect(initiateFailureMessage(new ApiError(409, { message: busy, code: 'CONFLICT' }))).toBe(busy);
    expect(initiateFailureMessage(new ApiError(409))).toBe('Failed to initiate export.');
    expect(initiateFailureMessage(new ApiError(500, { message: 'boom' }))).toBe('Failed to initiate export.');
    expect(initiateFailureMessage(new TypeError('offline'))).toBe('Failed to initiate export.');
  });
});
