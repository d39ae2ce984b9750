// Writes large synthetic master lists (CSV and XLSX) for the benchmarks, streamed to disk.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import ExcelJS from 'exceljs';

export const HEADERS = [
  'S/N',
  'Full Name',
  'Employee ID',
  'PSN',
  'NIN',
  'SSID',
  'Ministry',
  'Department',
  'Grade Level',
  'Salary Grade ID',
  'Salary Structure',
  'Date of Birth',
  'Email',
  'Phone',
];
const FIRST = [
  'Adebayo',
  'Chinedu',
  'Aisha',
  'Ngozi',
  'Ibrahim',
  'Funmilayo',
  'Emeka',
  'Halima',
  'Tunde',
  'Zainab',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Abubakar',
  'Okonkwo',
  'Balogun',
  'Musa',
  'Nwosu',
  'Danjuma',
];
const MINISTRIES = [
  'Ministry of Health',
  'Ministry of Education',
  'Ministry of Finance',
  'Ministry of Works and Housing',
  'Ministry of Agriculture',
  'Ministry of Justice',
];
const DEPARTMENTS = [
  'Administration',
  'Accounts',
  'Planning',
  'Human Resources',
  'Procurement',
  'Audit',
  'Legal',
  'ICT',
];

export function row(i: number): string[] {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return [
    String(i + 1),
    `${FIRST[i % 10]} ${FIRST[Math.floor(i / 10) % 10]} ${LAST[Math.floor(i / 100) % 10]}`,
    `EMP${String(i).padStart(7, '0')}`,
    `PSN${String(i).padStart(7, '0')}`,
    String(20000000000 + i),
    `DM${String(i).padStart(8, '0')}`,
    MINISTRIES[i % MINISTRIES.length]!,
    DEPARTMENTS[Math.floor(i / 6) % DEPARTMENTS.length]!,
    `GL ${String((i % 17) + 1).padStart(2, '0')}`,
    String((i % 17) + 1),
    'CONPSS',
    `${day}/${month}/${1960 + (i % 40)}`,
    `staff${i}@example.gov.ng`,
    `080${String(30000000 + i).padStart(8, '0')}`,
  ];
}

export async function writeCsv(file: string, rows: number): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write(`${HEADERS.join(',')}\n`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${row(i).join(',')}\n`)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

export async function writeXlsx(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Staff');
  sheet.addRow(HEADERS).commit();
  for (let i = 0; i < rows; i++) {
    const cells: (string | number | Date)[] = row(i);
    const [d, m, y] = (cells[11] as string).split('/').map(Number);
    cells[11] = new Date(Date.UTC(y!, m! - 1, d!));
    sheet.addRow(cells).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Writes the files in a child process, so that the benchmark's own process starts its timings with
 * a small heap: after writing a 100,000-row workbook in-process, the upload that followed was 0.7 s
 * slower (the process sending the file was busy collecting garbage).
 */
export function writeMasterListsApart(files: { csv?: [string, number][]; xlsx?: [string, number][] }): void {
  execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, JSON.stringify(files)], {
    stdio: 'inherit',
  });
}

if (process.argv[1] === import.meta.filename && process.argv[2]) {
  const files = JSON.parse(process.argv[2]) as { csv?: [string, number][]; xlsx?: [string, number][] };
  for (const [file, rows] of files.csv ?? []) await writeCsv(file, rows);
  for (const [file, rows] of files.xlsx ?? []) await writeXlsx(file, rows);
}
