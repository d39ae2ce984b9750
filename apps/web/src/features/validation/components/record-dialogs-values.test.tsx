import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AppProviders } from '../../../app/app-providers.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildComparisonRow } from '../test/build-comparison-row.ts';
import { buildQueueRecord } from '../test/build-queue-record.ts';
import { RecordHistoryDialog } from './record-history-dialog.tsx';
import { ResolveMismatchDialog } from './resolve-mismatch-dialog.tsx';

describe('record dialogs show values as the screens do', () => {
  it('the history shows status labels, dates of birth as dates and one date-time format', async () => {
    stubApi({
      'GET /api/v1/records/r-1/audit?page=1&pageSize=100': {
        status: 200,
        body: {
          page: 1,
          pageSize: 100,
          total: 1,
          items: [
            {
              id: 1,
              at: '2026-11-21T02:05:00Z',
              action: 'RECORD_EDITED',
              actorEmail: 'reviewer@demo.local',
              before: { status: 'MISMATCHED', dateOfBirth: '1980-01-02', salaryGradeId: 'CONHESS-08-04' },
              after: {
                status: 'PENDING_GRADE_VALIDATION',
                dateOfBirth: '1980-01-03T00:00:00.000Z',
                salaryGradeId: 'CONHESS-09-04',
              },
              note: null,
            },
          ],
        },
      },
    });
    render(
      <AppProviders>
        <RecordHistoryDialog recordId="r-1" fullName="Ada Ngozi Obi" onClose={() => undefined} />
      </AppProviders>,
    );
    const changes = await screen.findByRole('list', { name: 'Changes' });
    const lines = within(changes)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Status: Mismatched → Pending Grade Validation',
      'Date of Birth: Jan 2, 1980 → Jan 3, 1980',
      // As every other screen writes it (issue #31: not 'Salary Grade Id').
      'Salary Grade ID: CONHESS-08-04 → CONHESS-09-04',
    ]);
    expect(screen.getByText(/Nov 21, 2026, 3:05\sAM/)).toBeTruthy();
  });

  it('the mismatch comparison shows a date of birth as a date, not an ISO string', async () => {
    stubApi({
      'GET /api/v1/records/r-1/comparison': {
        status: 200,
        body: [
          buildComparisonRow({
            field: 'dateOfBirth',
            originalValue: '1985-03-15',
            sotValue: '1986-03-15T00:00:00Z',
          }),
        ],
      },
    });
    render(
      <AppProviders>
        <ResolveMismatchDialog record={buildQueueRecord()} busy={false} onClose={() => undefined} />
      </AppProviders>,
    );
    const row = await screen.findByRole('row', { name: /Date of Birth/ });
    expect(within(row).getByText('Mar 15, 1985')).toBeTruthy();
    expect(within(row).getByText('Mar 15, 1986')).toBeTruthy();
  });

  it('gives a similarity to names only, never to a grade or a date (issue #31)', async () => {
    stubApi({
      'GET /api/v1/records/r-1/comparison': {
        status: 200,
        body: [
          buildComparisonRow({
            field: 'fullName',
            originalValue: 'Ada Obi',
            sotValue: 'Ada Obih',
            similarity: 0.96,
          }),
          buildComparisonRow({ field: 'gradeLevel', originalValue: 'GL 08', sotValue: 'GL 09' }),
          buildComparisonRow({
            field: 'dateOfBirth',
            originalValue: '1985-07-04',
            sotValue: '1985-04-07',
            reason: 'day and month swapped',
          }),
        ],
      },
    });
    render(
      <AppProviders>
        <ResolveMismatchDialog record={buildQueueRecord()} busy={false} onClose={() => undefined} />
      </AppProviders>,
    );
    expect(
      within(await screen.findByRole('row', { name: /Full Name/ })).getByText('96% similar'),
    ).toBeTruthy();
    const grade = screen.getByRole('row', { name: /Grade Level/ });
    expect(grade.textContent).not.toMatch(/similar/);
    const dob = screen.getByRole('row', { name: /Date of Birth/ });
    expect(dob.textContent).not.toMatch(/similar/);
    expect(within(dob).getByText('day and month swapped')).toBeTruthy();
  });
});
