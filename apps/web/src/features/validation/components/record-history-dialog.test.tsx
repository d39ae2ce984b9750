import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@portal/contract/validation';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubFetch } from '../../../test/stub-fetch.ts';
import { RecordHistoryDialog } from './record-history-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const JOB = '3f0c2a9e-7d41-4f5b-9a53-0c6a1e2b7d88';
const entry = (id: number, action: string, before: string, after: Record<string, unknown>): AuditEntry => ({
  id,
  at: `2026-11-27T10:${String(10 + id).padStart(2, '0')}:00.000Z`,
  action,
  actorEmail: null,
  before: { status: before },
  after,
  note: `Bulk verification ${JOB}`,
});

async function open(items: AuditEntry[]) {
  stubFetch({ status: 200, body: { items, total: items.length, page: 1, pageSize: 100 } });
  render(<RecordHistoryDialog recordId="rec-1" fullName="Tunde Bakare" onClose={() => undefined} />, {
    wrapper: queryWrapper(),
  });
  return screen.findByRole('list', { name: 'Events, newest first' });
}

describe("a bulk verification's outcome in the record history (issue #31 item 8)", () => {
  it('reads matched, mismatch with its fields, and not found, each with its move and job', async () => {
    const list = await open([
      entry(3, 'RECORD_VERIFIED_MISMATCH', 'AWAITING_REVALIDATION', {
        status: 'MISMATCHED',
        mismatchedFields: ['fullName', 'dateOfBirth'],
      }),
      entry(2, 'RECORD_NOT_FOUND_IN_SOURCE', 'UPLOADED', { status: 'NOT_FOUND' }),
      entry(1, 'RECORD_VERIFIED', 'AWAITING_REVALIDATION', { status: 'PENDING_GRADE_VALIDATION' }),
    ]);
    const [mismatch, notFound, matched] = within(list).getAllByTestId('history-entry');
    expect(within(mismatch!).getByText('Mismatch: Name, Date of Birth')).toBeTruthy();
    expect(within(mismatch!).getByText('Status: Awaiting Revalidation → Mismatched')).toBeTruthy();
    // The fields are in the heading, not a change of their own.
    expect(mismatch!.textContent).not.toMatch(/Mismatched Fields|fullName/);
    expect(within(mismatch!).getByText(`Bulk verification ${JOB}`)).toBeTruthy();
    expect(within(mismatch!).getByText(/by the system/)).toBeTruthy();
    expect(within(notFound!).getByText('Not found in the identity source')).toBeTruthy();
    expect(within(notFound!).getByText('Status: Uploaded → Not Found')).toBeTruthy();
    expect(within(matched!).getByText('Verified against the identity source: matched')).toBeTruthy();
    expect(
      within(matched!).getByText('Status: Awaiting Revalidation → Pending Grade Validation'),
    ).toBeTruthy();
  });
});
