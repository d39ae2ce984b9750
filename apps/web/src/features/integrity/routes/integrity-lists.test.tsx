import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tenantToday } from '../../../lib/format.ts';
import { buildHrListUpload, hrListsReply } from '../../../test/build-hr-list.ts';
import { buildIntegritySummary } from '../../../test/build-integrity-summary.ts';
import { stubXhr } from '../../../test/fake-xhr.ts';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import { callsTo, type ApiReplies } from '../../../test/stub-fetch.ts';

/**
 * Issue #35 on the Integrity tab: the Lists panel (each HR list's last upload, its upload through
 * the master list's machinery, the nominal roll's 'not on payroll' CSV) and the ₦ recoverable.
 */

const LISTS = 'GET /api/v1/hr-lists';
const SUMMARY_KEY = 'GET /api/v1/integrity/summary';
const FLAGS_KEY = 'GET /api/v1/integrity/flags?status=OPEN&page=1&pageSize=10';
const SUMMARY = buildIntegritySummary({
  flaggedRecords: 2,
  monthlyAmount: 500001,
  recoverableAmount: 750001.5,
  rules: buildIntegritySummary().rules.map((r) =>
    r.code === 'PAID_AFTER_EXIT'
      ? { ...r, flaggedRecords: 1, monthlyAmount: 250000.5, recoverableAmount: 750001.5 }
      : r,
  ),
});
const SEPARATIONS = buildHrListUpload();
const ROLL = buildHrListUpload({
  id: 'u-2',
  fileName: 'nominal-roll-health.xlsx',
  rows: 2500,
  created: 2500,
  updated: 0,
  asOf: '2026-10-31',
  uploadedAt: '2026-11-20T14:05:00.000Z',
});
const DONE = { rows: 3, created: 2, updated: 1 };

function open(more: ApiReplies = {}) {
  const Xhr = stubXhr();
  const view = openScreen('/dashboard/tenant-admin/integrity', {
    ...TENANT_ADMIN_ME_REPLY,
    [SUMMARY_KEY]: { status: 200, body: SUMMARY },
    [FLAGS_KEY]: { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } },
    // The nominal roll's entry may carry more than the contract says today (another helper's
    // per-ministry counts): the panel reads what it knows.
    [LISTS]: hrListsReply({
      SEPARATIONS,
      NOMINAL_ROLL: { ...ROLL, notOnPayroll: [{ ministry: 'x', people: 3 }] },
    }),
    ...more,
  });
  // Files are chosen through the hidden input, as the Browse button would.
  return { ...view, Xhr, user: userEvent.setup({ applyAccept: false }) };
}

const lists = () => screen.findByRole('list', { name: 'HR lists' });
const card = async (title: string) =>
  within(await lists())
    .getByRole('heading', { level: 4, name: title })
    .closest('li')!;
const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

async function openUpload(user: ReturnType<typeof userEvent.setup>, listTitle: string, button: string) {
  await user.click(within(await card(listTitle)).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: button });
}

describe('the Lists panel of the Integrity tab (issue #35)', () => {
  it("shows each list's last upload, or that it was never uploaded", async () => {
    open();
    const items = within(await lists()).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Separations',
      'Nominal roll',
      'Salary table',
    ]);
    const separations = await card('Separations');
    expect(separations.textContent).toContain('Fileseparations-2026.csv');
    expect(separations.textContent).toContain('Rows120 rows: 100 new, 20 updated');
    expect(separations.textContent).toContain('UploadedNov 24, 2026, 10:30 AMBytenant.admin@demo.local');
    // Only the nominal roll has an 'as of' date, and the download of those not on the payroll.
    expect(separations.textContent).not.toContain('As of');
    expect(within(separations).queryByRole('button', { name: /not on the payroll/ })).toBeNull();
    const roll = await card('Nominal roll');
    expect(roll.textContent).toContain('As ofOct 31, 2026');
    expect(roll.textContent).toContain('Rows2,500 rows: 2,500 new, 0 updated');
    expect(
      within(roll).getByRole('button', { name: 'Download those not on the payroll (CSV)' }),
    ).toBeTruthy();
    const salary = await card('Salary table');
    expect(salary.textContent).toContain('Not uploaded yet');
    expect(within(salary).getByRole('button', { name: 'Upload the salary table' })).toBeTruthy();
  });

  it('shows the ₦ recoverable beside the ₦ at stake, and on the card of people paid after leaving', async () => {
    open();
    const rules = await screen.findByRole('list', { name: 'Rules' });
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('₦ at stake a month₦500,001.00');
    expect(totals.textContent).toContain('₦ recoverable (paid since exit)₦750,001.50');
    const paidAfterExit = within(rules).getByRole('button', {
      name: /^Paid after leaving the service: 1 record, ₦250,000.50 a month, ₦750,001.50 recoverable\. /,
    });
    expect(paidAfterExit.textContent).toContain('₦750,001.50 recoverable');
    // The other rules have nothing recoverable.
    const retirement = within(rules).getByRole('button', { name: /^Past retirement age: / });
    expect(retirement.textContent).not.toContain('recoverable');
    expect(within(rules).getByRole('button', { name: /^Appointed in the future: / })).toBeTruthy();
  });

  it('uploads a separations list with progress, shows its summary and reads the lists, figures and flags again', async () => {
    const { user, Xhr, fetchMock } = open();
    const dialog = await openUpload(user, 'Separations', 'Upload the separations list');
    expect(dialog.textContent).toContain('Columns: PSN or NIN, Full Name, Exit Date, Exit Reason');
    // No 'as of' date: that is the nominal roll's.
    expect(within(dialog).queryByLabelText('As of')).toBeNull();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toHaveProperty('disabled', true);
    await user.upload(fileInput(dialog), new File(['PSN,Exit Date\n'], 'leavers.csv', { type: 'text/csv' }));
    expect(within(dialog).getByRole('group', { name: 'Selected file' }).textContent).toContain('leavers.csv');
    await user.click(upload);
    const xhr = Xhr.last!;
    expect(xhr.url).toBe('/api/v1/hr-lists/separations/upload');
    expect([...(xhr.body as FormData).keys()]).toEqual(['file']);
    // While the file is on its way the dialog stays: Close waits, Cancel stops it.
    act(() => xhr.progress(30, 100));
    expect(
      within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('30');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    const before = [LISTS, SUMMARY_KEY, FLAGS_KEY].map((key) => callsTo(fetchMock, key));
    act(() => xhr.respond(200, DONE));
    const summary = await within(dialog).findByTestId('hr-list-upload-summary');
    expect(summary.textContent).toContain('Upload complete');
    expect(summary.textContent).toContain('leavers.csv');
    expect(summary.textContent).toContain('3Rows read');
    expect(summary.textContent).toContain('2New');
    expect(summary.textContent).toContain('1Updated');
    await waitFor(() =>
      expect([LISTS, SUMMARY_KEY, FLAGS_KEY].map((key) => callsTo(fetchMock, key))).toEqual(
        before.map((n) => n + 1),
      ),
    );
    // Another file can follow; Close ends the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Upload Another File' }));
    expect(within(dialog).getByRole('button', { name: 'Browse Files' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sends the nominal roll's 'as of' date, today in the tenant's zone unless changed, before the file", async () => {
    const { user, Xhr } = open();
    const dialog = await openUpload(user, 'Nominal roll', 'Upload a nominal roll');
    const asOf = within(dialog).getByLabelText('As of') as HTMLInputElement;
    expect(asOf.value).toBe(tenantToday());
    await user.clear(asOf);
    await user.type(asOf, '2026-10-31');
    await user.upload(fileInput(dialog), new File(['x'], 'roll.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const xhr = Xhr.last!;
    expect(xhr.url).toBe('/api/v1/hr-lists/nominal-roll/upload');
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['asOf', 'file']);
    expect(body.get('asOf')).toBe('2026-10-31');
    act(() => xhr.respond(200, DONE));
    expect(await within(dialog).findByTestId('hr-list-upload-summary')).toBeTruthy();
  });

  it('lists the row errors of a refused salary table, and shows the server’s message for a wrong file', async () => {
    const { user, Xhr } = open();
    const dialog = await openUpload(user, 'Salary table', 'Upload the salary table');
    await user.upload(fileInput(dialog), new File(['x'], 'salary.xls'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(Xhr.last!.url).toBe('/api/v1/hr-lists/salary-table/upload');
    act(() =>
      Xhr.last!.respond(422, {
        message: 'The file has 2 errors; nothing was imported.',
        code: 'UNPROCESSABLE_CONTENT',
        details: {
          errorCount: 2,
          errors: [
            { row: 2, column: 'Maximum Monthly Gross', reason: 'Must be an amount in naira' },
            { row: 5, column: 'Step', reason: 'Step must be a whole number from 1 to 15' },
          ],
        },
      }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The file has 2 errors; nothing was imported.',
    );
    const table = within(dialog).getByRole('table', { name: '2 errors' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /Step must be a whole number/ }).textContent).toContain(
      '5',
    );

    // The same file may be sent again; a file the server cannot read says why (415).
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    act(() =>
      Xhr.last!.respond(415, {
        message: 'The file is not a CSV, XLSX or XLS spreadsheet.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The file is not a CSV, XLSX or XLS spreadsheet.',
    );
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('says when the lists cannot be loaded, and loads them again on Retry', async () => {
    const { user } = open({
      // A 4xx, which the app does not retry on its own.
      [LISTS]: [{ status: 403, body: { message: 'Forbidden', code: 'FORBIDDEN' } }, hrListsReply()],
    });
    expect(await screen.findByText('Could not load the lists.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await card('Separations')).textContent).toContain('Not uploaded yet');
  });

  describe("the nominal roll's people not on the payroll", () => {
    const saved: { href: string; download: string }[] = [];
    beforeEach(() => {
      saved.length = 0;
      // jsdom has no object URLs and does not navigate: record what would be saved.
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test/1'), revokeObjectURL: vi.fn() });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    const CSV_PATH = '/api/v1/hr-lists/nominal-roll/not-on-payroll.csv';
    function serve(fetchMock: ReturnType<typeof open>['fetchMock'], reply: Response) {
      const api = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) =>
        String(input) === CSV_PATH ? reply : api(input, init),
      );
    }

    it('are downloaded with the bearer token under the server’s name', async () => {
      const { user, fetchMock } = open();
      serve(
        fetchMock,
        new Response('PSN,Full Name\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="not-on-payroll-DM-2026-11-24.csv"',
          },
        }),
      );
      await user.click(
        within(await card('Nominal roll')).getByRole('button', {
          name: 'Download those not on the payroll (CSV)',
        }),
      );
      await waitFor(() =>
        expect(saved).toEqual([{ href: 'blob:test/1', download: 'not-on-payroll-DM-2026-11-24.csv' }]),
      );
      const call = fetchMock.mock.calls.find(([input]) => String(input) === CSV_PATH)!;
      expect(new Headers(call[1]?.headers).get('Authorization')).toMatch(/^Bearer .+/);
    });

    it('show the server’s refusal when the file cannot be had', async () => {
      const { user, fetchMock } = open();
      serve(
        fetchMock,
        new Response(JSON.stringify({ message: 'No nominal roll has been uploaded.', code: 'NOT_FOUND' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      await user.click(
        within(await card('Nominal roll')).getByRole('button', {
          name: 'Download those not on the payroll (CSV)',
        }),
      );
      expect(
        await screen.findByText('Could not download the list: No nominal roll has been uploaded.'),
      ).toBeTruthy();
      expect(saved).toHaveLength(0);
    });
  });

  it('is not on a reviewer’s Integrity Flags, which never asks for the lists', async () => {
    const { fetchMock } = openScreen(
      '/dashboard/reviewer/integrity',
      {
        [SUMMARY_KEY]: { status: 200, body: SUMMARY },
        [FLAGS_KEY]: { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } },
        [LISTS]: hrListsReply({ SEPARATIONS }),
      },
      { role: 'REVIEWER' },
    );
    expect(await screen.findByRole('list', { name: 'Rules' })).toBeTruthy();
    // The reviewer sees the figures of their assignments, the recoverable among them.
    expect(screen.getByRole('region', { name: 'Totals' }).textContent).toContain('₦ recoverable');
    expect(screen.queryByRole('heading', { name: 'Lists' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'HR lists' })).toBeNull();
    expect(callsTo(fetchMock, LISTS)).toBe(0);
  });
});
