import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies, stubApi } from '../../../test/stub-fetch.ts';
import { buildActiveExportJob, buildExportJob } from '../test/build-export-job.ts';

const LOGS = '/api/v1/records/export-logs';
const CSV = '\uFEFFPSN,Work ID,Full Name\r\nPSN1,W1,Ada Obi\r\n';
type Reply = ApiReplies[string];

function openExports(logs: Reply, extra: ApiReplies = {}) {
  const replies = { ...TENANT_ADMIN_ME_REPLY, [`GET ${LOGS}`]: logs, ...extra };
  return openScreen('/dashboard/tenant-admin/export', replies).fetchMock;
}

const logCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input) === LOGS)
    .length;
const generateButton = () => screen.getByRole('button', { name: /^(Generate New Export|Initiating\.\.\.)$/ });
const historyRows = async () =>
  within(await screen.findByRole('table', { name: 'Payroll exports' }))
    .getAllByRole('row')
    .slice(1);

describe('payroll export screen', () => {
  it('says No Exports Found when there is none yet, with the generate button ready', async () => {
    openExports({ status: 200, body: [] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payroll Export' })).toBeTruthy();
    expect(await screen.findByText('No Exports Found')).toBeTruthy();
    expect(generateButton().textContent).toBe('Generate New Export');
    expect(generateButton().hasAttribute('disabled')).toBe(false);
  });

  it('lists status, record count, who initiated it and when; only a COMPLETED export can be downloaded', async () => {
    openExports({
      status: 200,
      body: [
        buildActiveExportJob({ id: 'p', status: 'PENDING' }),
        buildActiveExportJob({ id: 'r' }),
        buildExportJob({ id: 'c', exportedByEmail: 'other.admin@demo.local' }),
        buildExportJob({ id: 'f', status: 'FAILED', recordCount: 0, statusMessage: 'interrupted' }),
      ],
    });
    const rows = await historyRows();
    expect(rows).toHaveLength(4);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Status',
      'Records',
      'Initiated By',
      'Export Date',
      'Download',
    ]);
    const download = (row: HTMLElement) => within(row).getByRole('button', { name: /^Download/ });
    expect(within(rows[0]!).getByText('PENDING')).toBeTruthy();
    expect(within(rows[1]!).getByText('PROCESSING')).toBeTruthy();
    expect(within(rows[2]!).getByText('COMPLETED')).toBeTruthy();
    expect(within(rows[3]!).getByText('FAILED')).toBeTruthy();
    expect(within(rows[2]!).getByText('1,234')).toBeTruthy();
    expect(within(rows[2]!).getByText('other.admin@demo.local')).toBeTruthy();
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('Nov 21, 2026, 10:30 AM');
    expect(download(rows[2]!).textContent).toContain('Download the export of Nov 21, 2026');
    expect(rows.map((row) => download(row).hasAttribute('disabled'))).toEqual([true, true, false, true]);
    // Nothing counted yet: a dash, not a misleading 0.
    expect(within(rows[0]!).queryByText('0')).toBeNull();
  });

  // Issue #31 item 12: an export listed at Nov 27, 11:19 PM downloaded as payroll-DM-2026-11-28-….
  it("shows the exports in the tenant's time zone, not the browser's, and says which", async () => {
    openExports(
      { status: 200, body: [buildExportJob({ id: 'c', exportTimestamp: '2026-11-28T05:30:00.000Z' })] },
      {
        'GET /api/v1/users/me': {
          status: 200,
          body: { ...TENANT_ADMIN_ME_REPLY['GET /api/v1/users/me'].body, timeZone: 'America/Los_Angeles' },
        },
      },
    );
    await waitFor(() =>
      expect(screen.getByTestId('time-zone-note').textContent).toBe('Times in America/Los_Angeles (PST)'),
    );
    const [row] = await historyRows();
    expect(within(row!).getByRole('rowheader').textContent).toMatch(/^Nov 27, 2026, 9:30\sPM$/);
    expect(within(row!).getByRole('button', { name: /^Download/ }).textContent).toContain(
      'Download the export of Nov 27, 2026',
    );
  });

  it('an export awaiting its second approver (issue #22): counted, not downloadable, and says why', async () => {
    openExports({
      status: 200,
      body: [
        buildExportJob({ id: 'a', status: 'AWAITING_APPROVAL', recordCount: 1812 }),
        buildExportJob({ id: 'c', approvedByEmail: 'second.admin@demo.local' }),
      ],
    });
    const [awaiting, approved] = await historyRows();
    expect(within(awaiting!).getByText('AWAITING APPROVAL')).toBeTruthy();
    expect(within(awaiting!).getByText('1,812')).toBeTruthy();
    expect(
      within(awaiting!)
        .getByRole('button', { name: /^Download/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(awaiting!.textContent).toContain('Awaiting a second approver: approve it in Pending my approval');
    expect(approved!.textContent).toContain('Approved by second.admin@demo.local');
    expect(
      within(approved!)
        .getByRole('button', { name: /^Download/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('pages the history by 5, 10 or 25 rows', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => buildExportJob({ id: `e-${i}` }));
    openExports({ status: 200, body: many });
    expect(await historyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '5' }));
    expect(await historyRows()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(await historyRows()).toHaveLength(2);
  });

  it('generates an export: Initiating... until the history reloads 3000 ms later, with the toast', async () => {
    const user = userEvent.setup();
    const fetchMock = openExports(
      [
        { status: 200, body: [] },
        { status: 200, body: [buildActiveExportJob()] },
      ],
      { 'POST /api/v1/records/export': { status: 202, body: buildActiveExportJob({ status: 'PENDING' }) } },
    );
    await screen.findByText('No Exports Found');
    expect(logCalls(fetchMock)).toBe(1);
    const clickedAt = Date.now();
    await user.click(generateButton());
    expect(
      await screen.findByText('Payroll export job initiated! The list will update shortly.'),
    ).toBeTruthy();
    expect(generateButton().textContent).toBe('Initiating...');
    expect(generateButton().hasAttribute('disabled')).toBe(true);
    expect(within(generateButton()).getByRole('progressbar')).toBeTruthy(); // the button's spinner
    expect(logCalls(fetchMock)).toBe(1);

    await waitFor(() => expect(logCalls(fetchMock)).toBe(2), { timeout: 5000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2900);
    expect(await screen.findByText('PROCESSING')).toBeTruthy();
    await waitFor(() => expect(generateButton().textContent).toBe('Generate New Export'));
    expect(within(generateButton()).queryByRole('progressbar')).toBeNull();
    expect(generateButton().hasAttribute('disabled')).toBe(false);
  });

  it("shows a 409's own message and reloads the history to show the export in the way", async () => {
    const user = userEvent.setup();
    const busy = 'A payroll export is already being generated for this tenant.';
    const fetchMock = openExports(
      [
        { status: 200, body: [] },
        { status: 200, body: [buildActiveExportJob()] },
      ],
      { 'POST /api/v1/records/export': { status: 409, body: { message: busy, code: 'CONFLICT' } } },
    );
    await screen.findByText('No Exports Found');
    await user.click(generateButton());
    expect(await screen.findByText(busy)).toBeTruthy();
    await waitFor(() => expect(logCalls(fetchMock)).toBe(2));
    expect(await screen.findByText('PROCESSING')).toBeTruthy();
    expect(generateButton().hasAttribute('disabled')).toBe(false);
  });

  it('says Failed to initiate export. when the start fails otherwise', async () => {
    const user = userEvent.setup();
    openExports(
      { status: 200, body: [] },
      { 'POST /api/v1/records/export': { status: 500, body: { message: 'db down', code: 'INTERNAL' } } },
    );
    await screen.findByText('No Exports Found');
    await user.click(generateButton());
    expect(await screen.findByText('Failed to initiate export.')).toBeTruthy();
    expect(screen.queryByText('db down')).toBeNull();
  });

  it('says Failed to load export history. when the list cannot be loaded, and retries on demand', async () => {
    const user = userEvent.setup();
    const fetchMock = openExports([
      { status: 403, body: { message: 'Access denied', code: 'FORBIDDEN' } },
      { status: 200, body: [buildExportJob()] },
    ]);
    // The toast and the alert above the (empty) history.
    await waitFor(() => expect(screen.getAllByText('Failed to load export history.')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await historyRows()).toHaveLength(1);
    expect(logCalls(fetchMock)).toBe(2);
  });

  it("does not repeat an earlier visit's load failure when the tab opens again", async () => {
    const user = userEvent.setup();
    openExports([
      { status: 403, body: { message: 'Access denied', code: 'FORBIDDEN' } },
      { status: 200, body: [buildExportJob()] },
    ]);
    await waitFor(() => expect(screen.getAllByText('Failed to load export history.')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // Only the alert is left once the toast has gone.
    await waitFor(() => expect(screen.getAllByText('Failed to load export history.')).toHaveLength(1));
    // The side navigation's links (issue #32; display:none in jsdom, which applies no media query).
    await user.click(screen.getByRole('link', { name: 'Bulk Verification', hidden: true }));
    await user.click(await screen.findByRole('link', { name: 'Payroll Export', hidden: true }));
    expect(await historyRows()).toHaveLength(1);
    expect(screen.queryByText('Failed to load export history.')).toBeNull();
  });

  describe('download', () => {
    const saved: { href: string; download: string }[] = [];
    let blobs: Blob[];

    beforeEach(() => {
      saved.length = 0;
      blobs = [];
      // jsdom has no object URLs and does not navigate: record what would be saved.
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return `blob:test/${blobs.length}`;
        }),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    function serveCsv(fetchMock: ReturnType<typeof stubApi>, reply: Response) {
      const api = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) =>
        String(input).endsWith('/download') ? reply : api(input, init),
      );
    }

    it('fetches <id>.csv with the bearer token and saves it under that name', async () => {
      const user = userEvent.setup();
      const job = buildExportJob();
      const fetchMock = openExports({ status: 200, body: [job] });
      serveCsv(fetchMock, new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv' } }));
      const [row] = await historyRows();
      await user.click(within(row!).getByRole('button', { name: /^Download/ }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toEqual({ href: 'blob:test/1', download: `${job.id}.csv` });
      // Byte for byte, the BOM included (text() would drop it).
      expect([...new Uint8Array(await blobs[0]!.arrayBuffer())]).toEqual([...new TextEncoder().encode(CSV)]);
      const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/download'))!;
      expect(String(call[0])).toBe(`${LOGS}/${job.id}/download`);
      expect(new Headers(call[1]?.headers).get('Authorization')).toMatch(/^Bearer .+/);
    });

    it("shows the server's 409 message when the export awaits approval", async () => {
      const user = userEvent.setup();
      const fetchMock = openExports({ status: 200, body: [buildExportJob()] });
      serveCsv(
        fetchMock,
        new Response(JSON.stringify({ message: APPROVAL_MESSAGES.exportAwaiting, code: 'CONFLICT' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      const [row] = await historyRows();
      await user.click(within(row!).getByRole('button', { name: /^Download/ }));
      expect(await screen.findByText(APPROVAL_MESSAGES.exportAwaiting)).toBeTruthy();
      expect(saved).toHaveLength(0);
    });

    it('says Failed to download file. when the file cannot be fetched, saving nothing', async () => {
      const user = userEvent.setup();
      const fetchMock = openExports({ status: 200, body: [buildExportJob()] });
      serveCsv(
        fetchMock,
        new Response(JSON.stringify({ message: 'Export not found', code: 'NOT_FOUND' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      const [row] = await historyRows();
      await user.click(within(row!).getByRole('button', { name: /^Download/ }));
      expect(await screen.findByText('Failed to download file.')).toBeTruthy();
      expect(saved).toHaveLength(0);
    });
  });
});
