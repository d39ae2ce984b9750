import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { stubXhr } from '../../../test/fake-xhr.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';

const IDS = ['7d1f0c1e-0000-4000-8000-000000000001', '7d1f0c1e-0000-4000-8000-000000000002'];

function openUploads(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ 'GET /api/v1/records/uploads': { status: 200, body: [] }, ...routes });
  const Xhr = stubXhr();
  storeToken(buildToken());
  // Files are chosen through the hidden input, as the Browse button would.
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/dashboard/tenant-admin/uploads');
  return { fetchMock, Xhr, user };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const uploadButton = () => screen.getByRole('button', { name: /^Upload(ing)?/ });

describe('master list uploader', () => {
  it('refuses a file that is not CSV or Excel, with the Upload button disabled', async () => {
    const { user } = openUploads();
    await screen.findByRole('heading', { level: 2, name: 'File Upload' });
    expect(uploadButton()).toHaveProperty('disabled', true);
    await user.upload(fileInput(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toContain('"notes.txt" is not a CSV or Excel file');
    expect(uploadButton()).toHaveProperty('disabled', true);
  });

  it('shows the chosen file, real progress, then the summary; Notify All toasts the server message', async () => {
    const { user, Xhr, fetchMock } = openUploads({
      'POST /api/v1/records/notify': {
        status: 200,
        body: { message: 'Notices queued for 2 employees.', queued: 2, withoutAddress: 0, notFound: 0 },
      },
    });
    await user.upload(fileInput(), new File(['a'.repeat(1536)], 'master-list.csv', { type: 'text/csv' }));
    const selected = screen.getByRole('group', { name: 'Selected file' });
    expect(within(selected).getByText('master-list.csv')).toBeTruthy();
    expect(within(selected).getByText('1.5 KB')).toBeTruthy();
    expect(uploadButton()).toHaveProperty('disabled', false);

    await user.click(uploadButton());
    expect(uploadButton()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Remove master-list.csv' })).toBeNull();
    act(() => Xhr.last!.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40%')).toBeTruthy();

    act(() =>
      Xhr.last!.respond(200, {
        newRecordsCreated: 1998,
        existingRecordsUpdated: 2,
        recordsRequiringReverificationIds: IDS,
        reverificationAwaitingApproval: 1,
        columnsNotInFile: ['NIN', 'Bank'],
        blankCellsKept: [{ column: 'Email', records: 3 }],
        sharesRemovedIdentity: 1,
      }),
    );
    expect((await screen.findByTestId('summary-created')).textContent).toBe('1,998');
    expect(screen.getByTestId('summary-shares-removed').textContent).toBe(
      'Rows sharing an identity with a removed record: 1',
    );
    expect(screen.getByTestId('summary-updated').textContent).toBe('2');
    expect(screen.getByTestId('summary-reverification').textContent).toContain('2');
    // Issue #30: what the upload left as it was, and who it kept in the payroll for a second approver.
    expect(screen.getByTestId('summary-columns-not-in-file').textContent).toContain(
      'Columns not in the file: NIN, Bank',
    );
    expect(screen.getByTestId('summary-blank-cells-kept').textContent).toContain('Email (3 records)');
    expect(screen.getByTestId('summary-awaiting-approval').textContent).toContain(
      'Kept in the payroll, awaiting a second approver: 1',
    );

    await user.click(screen.getByRole('button', { name: 'Notify All' }));
    expect(await screen.findByText('Notices queued for 2 employees.')).toBeTruthy();
    const notify = fetchMock.mock.calls.find(([url]) => url === '/api/v1/records/notify');
    expect(JSON.parse(String(notify?.[1]?.body))).toEqual({ recordIds: IDS });

    await user.click(screen.getByRole('button', { name: 'Upload Another File' }));
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeTruthy();
    expect(uploadButton()).toHaveProperty('disabled', true);
  });

  it('lists the row errors of a rejected file, and says when only the first 100 are shown', async () => {
    const { user, Xhr } = openUploads();
    await user.upload(fileInput(), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    await user.click(uploadButton());
    const errors = Array.from({ length: 100 }, (_, i) => ({
      row: i + 2,
      column: 'NIN',
      reason: 'NIN must be 11 digits',
    }));
    act(() =>
      Xhr.last!.respond(422, {
        message: 'The file has 250 errors; nothing was imported.',
        code: 'UNPROCESSABLE_CONTENT',
        details: { errorCount: 250, errors },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file has 250 errors; nothing was imported.',
    );
    expect(screen.getByText('250 errors; showing the first 100')).toBeTruthy();
    const table = screen.getByRole('table', { name: '250 errors; showing the first 100' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(table).getByRole('columnheader', { name: 'Reason' })).toBeTruthy();
  });

  it('falls back to the default message when the answer has none', async () => {
    const { user, Xhr } = openUploads();
    await user.upload(fileInput(), new File(['x'], 'list.xlsx'));
    await user.click(uploadButton());
    act(() => Xhr.last!.respond(500, 'Bad gateway'));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not upload the file!');
    expect(uploadButton()).toHaveProperty('disabled', false);
  });
});
