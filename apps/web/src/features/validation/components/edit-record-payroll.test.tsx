import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../../../app/app-providers.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { toRecordListItem } from '@portal/contract/records';
import { buildQueueRecord } from '../test/build-queue-record.ts';
import { EditRecordDialog } from './edit-record-dialog.tsx';

const record = buildQueueRecord({
  dateOfFirstAppointment: '1995-06-15',
  bank: 'Zenith Bank',
  accountNumber: '0123456789',
  bvn: '22123456789',
  monthlyGrossPay: 1234567.5,
});

/** The queue's row masks the numbers (issue #31 item 3): the dialog loads the record in full. */
async function open() {
  const fetchMock = stubApi({
    'GET /api/v1/records/r-1': { status: 200, body: record },
    'PUT /api/v1/records/r-1': { status: 200, body: record },
  });
  render(
    <AppProviders>
      <EditRecordDialog
        record={toRecordListItem(record)}
        ministries={[]}
        departments={[]}
        onClose={() => undefined}
      />
    </AppProviders>,
  );
  await screen.findByLabelText('Account Number');
  return fetchMock;
}

describe('Edit Record: the payroll columns (issue #21)', () => {
  it("opens with the full numbers of the record's audited view, not the list's masks (issue #31)", async () => {
    const fetchMock = await open();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url) === '/api/v1/records/r-1',
      ),
    ).toBe(true);
    expect((screen.getByLabelText('Account Number') as HTMLInputElement).value).toBe('0123456789');
    expect((screen.getByLabelText('BVN') as HTMLInputElement).value).toBe('22123456789');
    expect(screen.queryByDisplayValue(/••••/)).toBeNull();
  });

  it('shows them, with the pay in naira, and sends them with the edit', async () => {
    const fetchMock = await open();
    expect((screen.getByLabelText('Bank') as HTMLInputElement).value).toBe('Zenith Bank');
    expect((screen.getByLabelText('Account Number') as HTMLInputElement).value).toBe('0123456789');
    const pay = screen.getByLabelText('Monthly Gross Pay (₦)') as HTMLInputElement;
    expect(pay.value).toBe('1234567.50');
    expect(screen.getByText('₦1,234,567.50')).toBeTruthy();

    fireEvent.change(pay, { target: { value: '₦1,300,000.05' } });
    expect(screen.getByText('₦1,300,000.05')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = JSON.parse(String(puts()[0]![1]!.body));
    expect(body).toMatchObject({
      dateOfFirstAppointment: '1995-06-15',
      bank: 'Zenith Bank',
      accountNumber: '0123456789',
      bvn: '22123456789',
      monthlyGrossPay: '₦1,300,000.05',
    });
  });

  it('keeps Save Changes disabled while an account number, BVN or pay is not valid', async () => {
    await open();
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('BVN'), { target: { value: '123' } });
    expect(screen.getByText('BVN must be 11 digits')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('BVN'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Monthly Gross Pay (₦)'), { target: { value: '12.345' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Monthly Gross Pay (₦)'), { target: { value: '12.34' } });
    expect(save.disabled).toBe(false);
  });
});
