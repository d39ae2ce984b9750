import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { pollIntervals } from '../../../test/poll-intervals.ts';
import {
  canDownload,
  createExportPollSchedule,
  initiateFailureMessage,
  isActiveExport,
} from './export-job-rules.ts';

const jobs = (...statuses: ('PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED')[]) =>
  statuses.map((status) => ({ status }));

describe('export rules', () => {
  it.each([
    [
      'counts PENDING and PROCESSING as active, the others as finished',
      isActiveExport,
      [true, true, false, false],
    ],
    ['offers the download only for a COMPLETED export', canDownload, [false, false, true, false]],
  ])('%s', (_rule, rule, expected) => {
    expect(jobs('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED').map(rule)).toEqual(expected);
  });

  it('polls 5000 ms after an active export shows, then every 15000 ms, and not when none is active', () => {
    const answers = pollIntervals(createExportPollSchedule(), [
      [jobs('COMPLETED', 'FAILED'), 1],
      [jobs('PENDING', 'COMPLETED'), 2],
      [jobs('PROCESSING', 'COMPLETED'), 3],
      [jobs('PROCESSING', 'COMPLETED'), 4],
      [jobs('COMPLETED', 'COMPLETED'), 5],
    ]);
    expect(answers).toEqual([false, 5000, 15000, 15000, false]);
  });

  it("shows a 409's own message, and SPEC's message for any other failure", () => {
    const busy = 'A payroll export is already being generated.';
    expect(initiateFailureMessage(new ApiError(409, { message: busy, code: 'CONFLICT' }))).toBe(busy);
    expect(initiateFailureMessage(new ApiError(409))).toBe('Failed to initiate export.');
    expect(initiateFailureMessage(new ApiError(500, { message: 'boom' }))).toBe('Failed to initiate export.');
    expect(initiateFailureMessage(new TypeError('offline'))).toBe('Failed to initiate export.');
  });
});
