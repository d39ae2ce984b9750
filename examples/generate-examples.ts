import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { ACCOUNTS_FILE_COLUMNS } from '@portal/optima/name-enquiry/demo-accounts';
import { PEOPLE_FILE_COLUMNS } from '../apps/identity-sim/src/population.ts';
import { deriveBankAccounts } from './bank-accounts-rows.ts';
import { buildMasterRows, MASTER_LIST_HEADERS, masterRowCells, type MasterRow } from './master-list-rows.ts';
import { addPayrollColumns } from './payroll-rows.ts';
import { derivePopulation, type DerivedPerson, type Outcome } from './sot-population-rows.ts';
import { fixZipTimestamps } from './zip-timestamps.ts';

/**
 * Writes the sample master list (CSV and XLSX) and the simulator's demo population derived from it.
 * Deterministic: the same seed gives the same rows, so the committed files can be regenerated.
 * Run: npx tsx examples/generate-examples.ts
 */
const EMPLOYEES = 2000;
const SEED = 20_240_601;
const out = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** RFC 4180 quoting; no cell here starts with = + - @, so no formula-injection guard is needed. */
function csvLine(cells: readonly (string | number | boolean | undefined)[]): string {
  return cells
    .map((cell) => {
      const text = cell === undefined ? '' : String(cell);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}

function writeCsv(
  file: string,
  header: readonly string[],
  rows: Iterable<readonly (string | number | boolean | undefined)[]>,
) {
  const lines = [csvLine(header)];
  for (const row of rows) lines.push(csvLine(row));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

async function writeXlsx(file: string, rows: readonly MasterRow[]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  // Fixed metadata and zip times: regenerating gives the same bytes as the committed file.
  const stamp = new Date(Date.UTC(2024, 5, 1));
  workbook.creator = 'Demo State Civil Service Commission';
  workbook.created = stamp;
  workbook.modified = stamp;
  const sheet = workbook.addWorksheet('Master List', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = MASTER_LIST_HEADERS.map((header) => ({
    header,
    width:
      {
        'S/N': 7,
        'Full Name': 32,
        Ministry: 30,
        Department: 32,
        Email: 40,
        Bank: 26,
        'Date of First Appointment': 18,
      }[header as string] ?? 16,
  }));
  sheet.getRow(1).font = { bold: true };
  // ExcelJS writes a Date as its days since 1899-12-30, which Excel reads a day late before
  // 1900-03-01 (Excel counts a 29 February 1900): those dates are handed over a day early, so that
  // Excel shows the placeholder birth date 01/01/1900 as itself (serial 1; DECISIONS 145).
  const dateCell = ({ year, month, day }: { year: number; month: number; day: number }) =>
    new Date(
      Date.UTC(year, month - 1, day) -
        (Date.UTC(year, month - 1, day) < Date.UTC(1900, 2, 1) ? 86_400_000 : 0),
    );
  for (const row of rows) {
    const cells: (string | number | Date)[] = masterRowCells(row);
    cells[0] = row.serial; // a number, as HR sheets number their rows
    cells[11] = dateCell(row.dateOfBirth); // a real date cell, shown DD/MM/YYYY
    const first = row.dateOfFirstAppointment;
    if (first) cells[14] = dateCell(first);
    // Pay as a number cell shown with separators; account number and BVN stay text (leading zeros).
    if (row.monthlyGrossKobo != null) cells[18] = row.monthlyGrossKobo / 100;
    sheet.addRow(cells);
  }
  sheet.getColumn(12).numFmt = 'dd/mm/yyyy';
  sheet.getColumn(15).numFmt = 'dd/mm/yyyy';
  sheet.getColumn(19).numFmt = '#,##0.00';
  const zip = Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  fs.writeFileSync(file, fixZipTimestamps(zip, stamp));
}

function summarise(derived: readonly DerivedPerson[]): Map<Outcome, Map<string, number>> {
  const order: Outcome[] = ['identical', 'mismatched', 'absent', 'noBiometrics'];
  const counts = new Map<Outcome, Map<string, number>>(order.map((outcome) => [outcome, new Map()]));
  for (const { outcome, variant } of derived) {
    const byVariant = counts.get(outcome) ?? new Map<string, number>();
    byVariant.set(variant, (byVariant.get(variant) ?? 0) + 1);
    counts.set(outcome, byVariant);
  }
  return counts;
}

async function main(): Promise<void> {
  const rows = buildMasterRows(EMPLOYEES, SEED);
  const anomalies = addPayrollColumns(rows);
  writeCsv(out('master-list.csv'), MASTER_LIST_HEADERS, rows.map(masterRowCells));
  await writeXlsx(out('master-list.xlsx'), rows);

  const derived = derivePopulation(rows);
  const people = derived.flatMap((entry) => (entry.person ? [entry.person] : []));
  writeCsv(
    out('sot-population.csv'),
    PEOPLE_FILE_COLUMNS,
    people.map((person) => PEOPLE_FILE_COLUMNS.map((column) => person[column])),
  );

  const bank = deriveBankAccounts(rows);
  writeCsv(
    out('bank-accounts.csv'),
    ACCOUNTS_FILE_COLUMNS,
    bank.accounts.map((account) => ACCOUNTS_FILE_COLUMNS.map((column) => account[column])),
  );

  console.log(`master-list.csv / master-list.xlsx: ${rows.length} employees`);
  console.log(`bank-accounts.csv: ${bank.accounts.length} accounts (${JSON.stringify(bank.counts)})`);
  console.log(`sot-population.csv: ${people.length} people`);
  console.log(`payroll anomalies (${anomalies.length} rows):`);
  for (const a of anomalies)
    console.log(`  S/N ${String(a.serial).padStart(4)}  ${a.rule.padEnd(24)} ${a.what}`);
  for (const [outcome, byVariant] of summarise(derived)) {
    const total = [...byVariant.values()].reduce((sum, n) => sum + n, 0);
    const detail = [...byVariant].map(([variant, n]) => `${variant} ${n}`).join(', ');
    console.log(`  ${outcome.padEnd(13)} ${String(total).padStart(5)}  (${detail})`);
  }
}

await main();
