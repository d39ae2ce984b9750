import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { MasterRecord, RecordsPage, UploadRejection } from '@portal/contract/records';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { uploadFile } from '../helpers/uploads.ts';
import { PAYROLL_HEADERS, payrollCsv, type PayrollRow } from '../helpers/payroll-lists.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

async function freshAdmin() {
  return (await createTenantWithAdmin(portal)).token;
}

/** The tenant's records in full: a list masks the numbers (issue #31), one record's view has them. */
const recordsOf = async (token: string): Promise<MasterRecord[]> => {
  const items = ((await portal.api.get('/api/v1/records?pageSize=500', { token })).json() as RecordsPage)
    .items;
  return Promise.all(
    items.map(
      async (r) => (await portal.api.get(`/api/v1/records/${r.id}`, { token })).json() as MasterRecord,
    ),
  );
};
const byPsn = (items: MasterRecord[], psn: string) => items.find((r) => r.psn === psn)!;

const ROWS: PayrollRow[] = [
  {
    name: 'Amina Yusuf',
    psn: 'PSN9001',
    nin: '70000000001',
    dob: '01/02/1970',
    dofa: '15/06/1995',
    bank: 'Guaranty Trust Bank',
    account: '0123456789',
    bvn: '22123456789',
    pay: '₦1,234,567.50',
  },
  {
    name: 'Bello Musa',
    psn: 'PSN9002',
    nin: '70000000002',
    dob: '1975-05-05',
    dofa: '2001-01-31',
    bank: 'Zenith Bank',
    account: '1234567890',
    bvn: '22123456780',
    pay: 'N 250,000',
  },
  // The same NIN, BVN and account as the first row under another PSN: accepted (the rules find it).
  {
    name: 'Amina Yusuf',
    psn: 'PSN9003',
    nin: '70000000001',
    dob: '01/02/1970',
    bank: 'Guaranty Trust Bank',
    account: '0123456789',
    bvn: '22123456789',
    pay: '85000.05',
  },
  // Every payroll column is optional.
  { name: 'Chioma Eze', psn: 'PSN9004', nin: '70000000004' },
];

describe('payroll columns of the master list (issue #21)', () => {
  it.each([
    ['the template headers', PAYROLL_HEADERS.template],
    ["another office's spellings", PAYROLL_HEADERS.other],
    ['more spellings', ['Date of Appointment', 'Bank Name', 'Account No', 'B.V.N', 'Monthly Salary']],
    ['and more', ['Date Employed', 'BANK', 'Bank Account', 'bvn', 'Monthly Gross']],
    ['and yet more', ['First Appointment Date', 'Bank', 'Account Number', 'BVN', 'Gross Pay']],
    [
      'with a naira sign',
      [
        'Date of 1st Appointment',
        'Name of Bank',
        'Bank Acct No',
        'Bank Verification Number (BVN)',
        'Gross Pay ₦',
      ],
    ],
  ])('keeps them on the record, read under %s, exact to the kobo', async (_, headers) => {
    const token = await freshAdmin();
    const res = await uploadFile(portal, token, 'payroll.csv', payrollCsv(ROWS, headers));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ newRecordsCreated: 4 });
    const items = await recordsOf(token);
    expect(byPsn(items, 'PSN9001')).toMatchObject({
      dateOfFirstAppointment: '1995-06-15',
      bank: 'Guaranty Trust Bank',
      accountNumber: '0123456789',
      bvn: '22123456789',
      monthlyGrossPay: 1234567.5,
    });
    expect(byPsn(items, 'PSN9002')).toMatchObject({
      dateOfFirstAppointment: '2001-01-31',
      monthlyGrossPay: 250000,
    });
    expect(byPsn(items, 'PSN9003')).toMatchObject({
      monthlyGrossPay: 85000.05,
      dateOfFirstAppointment: null,
    });
    expect(byPsn(items, 'PSN9004')).toMatchObject({
      dateOfFirstAppointment: null,
      bank: null,
      accountNumber: null,
      bvn: null,
      monthlyGrossPay: null,
    });
  });

  it('refuses a bad value as a row error naming its column, and writes nothing', async () => {
    const token = await freshAdmin();
    const bad: PayrollRow[] = [
      { name: 'A', psn: 'PSN1', account: '123456789', pay: '100' },
      { name: 'B', psn: 'PSN2', bvn: '2212345678X' },
      { name: 'C', psn: 'PSN3', pay: '-5,000' },
      { name: 'D', psn: 'PSN4', pay: '250,000.505' },
      { name: 'E', psn: 'PSN5', dofa: '31/02/2001' },
      { name: 'F', psn: 'PSN6', pay: '1,000' },
    ];
    const res = await uploadFile(portal, token, 'bad.csv', payrollCsv(bad, PAYROLL_HEADERS.other));
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as UploadRejection).details!.errors;
    expect(errors).toEqual([
      { row: 2, column: 'NUBAN', reason: 'Account number must be 10 digits (NUBAN)' },
      { row: 3, column: 'BVN', reason: 'BVN must be 11 digits' },
      { row: 4, column: 'Gross Salary (₦)', reason: 'Monthly gross pay cannot be negative' },
      {
        row: 5,
        column: 'Gross Salary (₦)',
        reason: expect.stringMatching(/^Monthly gross pay must be an amount/),
      },
      {
        row: 6,
        column: 'DOFA',
        reason: expect.stringMatching(/^Date of first appointment is not a valid date/),
      },
    ]);
    expect(await recordsOf(token)).toEqual([]);
  });

  it('reads numeric spreadsheet cells: an account number that lost its leading zero, pay as a number', async () => {
    const token = await freshAdmin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow([
      'Full Name',
      'PSN',
      'Ministry',
      'Department',
      'DOFA',
      'Bank',
      'Account No',
      'BVN',
      'Gross Pay',
    ]);
    sheet.addRow([
      'Kemi Ade',
      'PSN7001',
      'Ministry of Health',
      'Pharmacy',
      new Date(Date.UTC(1999, 3, 1)),
      'GTB',
      123456789,
      22123456789,
      1234.57,
    ]);
    sheet.addRow([
      'Tunde Ade',
      'PSN7002',
      'Ministry of Health',
      'Pharmacy',
      '',
      'GTB',
      2123456789,
      '',
      99999.999999999,
    ]);
    const res = await uploadFile(portal, token, 'staff.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    const items = await recordsOf(token);
    expect(byPsn(items, 'PSN7001')).toMatchObject({
      dateOfFirstAppointment: '1999-04-01',
      accountNumber: '0123456789',
      bvn: '22123456789',
      monthlyGrossPay: 1234.57,
    });
    expect(byPsn(items, 'PSN7002')).toMatchObject({ accountNumber: '2123456789', monthlyGrossPay: 100000 });
  });

  it('keeps the upload semantics: an unchanged file changes nothing, an edit stands until the file changes that field', async () => {
    const token = await freshAdmin();
    const file = payrollCsv(ROWS);
    expect((await uploadFile(portal, token, 'a.csv', file)).statusCode).toBe(200);
    expect((await uploadFile(portal, token, 'a.csv', file)).json()).toMatchObject({
      newRecordsCreated: 0,
      existingRecordsUpdated: 0,
    });

    // A reviewer corrects the pay and the bank; the same file again leaves the correction.
    const amina = byPsn(await recordsOf(token), 'PSN9001');
    const edit = await portal.api.put(`/api/v1/records/${amina.id}`, {
      token,
      body: {
        fullName: amina.fullName,
        department: amina.department,
        ministry: amina.ministry,
        gradeLevel: amina.gradeLevel,
        monthlyGrossPay: '₦1,300,000.00',
        bank: 'GTBank',
        version: amina.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ monthlyGrossPay: 1300000, bank: 'GTBank', bvn: '22123456789' });
    expect((await uploadFile(portal, token, 'a.csv', file)).json()).toMatchObject({
      existingRecordsUpdated: 0,
    });
    expect(byPsn(await recordsOf(token), 'PSN9001')).toMatchObject({
      monthlyGrossPay: 1300000,
      bank: 'GTBank',
    });

    // A file that changes the pay applies, and is audited with before and after.
    const changed = payrollCsv(ROWS.map((r) => (r.psn === 'PSN9001' ? { ...r, pay: '1,400,000.01' } : r)));
    expect((await uploadFile(portal, token, 'b.csv', changed)).json()).toMatchObject({
      existingRecordsUpdated: 1,
    });
    const after = byPsn(await recordsOf(token), 'PSN9001');
    expect(after).toMatchObject({ monthlyGrossPay: 1400000.01, bank: 'GTBank', status: 'UPLOADED' });
    const history = (await portal.api.get(`/api/v1/records/${amina.id}/audit`, { token })).json() as {
      items: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    };
    expect(history.items[0]).toMatchObject({
      action: 'RECORD_UPDATED_BY_UPLOAD',
      before: { monthlyGrossKobo: 130000000 },
      after: { monthlyGrossKobo: 140000001 },
    });
    expect(history.items[1]).toMatchObject({
      action: 'RECORD_EDITED',
      after: { monthlyGrossKobo: 130000000, bank: 'GTBank' },
    });
  });

  it('refuses a bad payroll value in an edit with 400 naming the field, and changes nothing', async () => {
    const token = await freshAdmin();
    await uploadFile(portal, token, 'a.csv', payrollCsv(ROWS));
    const bello = byPsn(await recordsOf(token), 'PSN9002');
    const base = { fullName: bello.fullName, department: bello.department, ministry: bello.ministry };
    for (const [field, value] of [
      ['accountNumber', '12345'],
      ['bvn', '123'],
      ['monthlyGrossPay', '-1'],
      ['monthlyGrossPay', '12.345'],
      ['dateOfFirstAppointment', '2001-02-30'],
    ] as const) {
      const res = await portal.api.put(`/api/v1/records/${bello.id}`, {
        token,
        body: { ...base, [field]: value },
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().details).toHaveProperty(field);
    }
    expect(byPsn(await recordsOf(token), 'PSN9002')).toMatchObject({
      accountNumber: '1234567890',
      bvn: '22123456780',
      monthlyGrossPay: 250000,
      dateOfFirstAppointment: '2001-01-31',
      version: bello.version,
    });
    // Blank clears; left out keeps.
    const cleared = await portal.api.put(`/api/v1/records/${bello.id}`, {
      token,
      body: { ...base, monthlyGrossPay: '', accountNumber: null },
    });
    expect(cleared.json()).toMatchObject({ monthlyGrossPay: null, accountNumber: null, bvn: '22123456780' });
  });

  it('offers the payroll columns in the upload template', async () => {
    const token = await freshAdmin();
    const res = await portal.api.get('/api/v1/records/upload-template', { token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Date of First Appointment,Bank,Account Number,BVN,Monthly Gross Pay');
  });
});
