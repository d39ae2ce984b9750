import { numberToKobo, parseNairaToKobo, PAYROLL_MESSAGES } from '@portal/contract/payroll';
import { gradeNumber, stepNumber, structureKey } from '@portal/contract/salary-grade';
import { cellText, type Cell } from '../records/parse/cell-values.ts';
import type { HeaderMap, ListKind, RowResult } from '../records/parse/list-kind.ts';
import { readCells, type RowCells } from '../records/parse/row-normalise.ts';

/** `annual` is no field of the table: a column of a year's pay, named to refuse it as the monthly maximum. */
export type SalaryTableField = 'structure' | 'gradeLevel' | 'step' | 'maximum' | 'minimum' | 'annual';

/** A valid row of the salary table; amounts in kobo. */
export interface SalaryTableRow {
  rowNumber: number;
  /** As written, and as matched (structureKey). */
  structure: string;
  structureKey: string;
  grade: number;
  step: number;
  maxKobo: number;
  minKobo: number | null;
}

/** The monthly maximum's spellings, after normaliseHeader(): a bare 'Monthly Gross' is the step's pay, so its maximum. */
const MAXIMUM = [
  'maximummonthlygross',
  'maximummonthlygrosspay',
  'maximummonthlygrosssalary',
  'maxmonthlygross',
  'maxmonthlygrosspay',
  'maximum',
  'max',
  'maxgross',
  'maximumgross',
  'maximumgrosspay',
  'maxgrosspay',
  'maximummonthly',
  'maxmonthly',
  'monthlymaximum',
  'monthlymax',
  'monthlymaximumgross',
  'maximumpay',
  'maxpay',
  'maximumsalary',
  'maxsalary',
  'maximummonthlysalary',
  'maxmonthlysalary',
  'ceiling',
  'monthlygross',
  'monthlygrosspay',
  'monthlygrosssalary',
  'grossmonthlypay',
  'grossmonthlysalary',
  'monthlysalary',
  'monthlypay',
];

const MINIMUM = [
  'minimummonthlygross',
  'minimummonthlygrosspay',
  'minimummonthlygrosssalary',
  'minmonthlygross',
  'minmonthlygrosspay',
  'minimum',
  'min',
  'mingross',
  'minimumgross',
  'minimumgrosspay',
  'mingrosspay',
  'minimummonthly',
  'minmonthly',
  'monthlyminimum',
  'monthlymin',
  'monthlyminimumgross',
  'minimumpay',
  'minpay',
  'minimumsalary',
  'minsalary',
  'minimummonthlysalary',
  'minmonthlysalary',
  'floor',
];

/**
 * Header spellings, after normaliseHeader(). A year's pay ('Annual', 'Per Annum', as CONPSS tables
 * print it) is never read as a month's: `annual` names such columns (every monthly spelling with
 * 'annual' or 'per annum' around it too) so that they are not taken for a monthly one, and so that
 * a file without a monthly column is told why (missingColumns).
 */
const ALIASES: Record<SalaryTableField, readonly string[]> = {
  structure: [
    'salarystructure',
    'structure',
    'salaryscale',
    'scale',
    'payscale',
    'salarystructurecode',
    'structurecode',
    'salaryscheme',
    'scheme',
  ],
  gradeLevel: ['gradelevel', 'gl', 'grade', 'level', 'gradelevelgl', 'salarygradelevel', 'salarygrade'],
  step: ['step', 'steps', 'stepno', 'stepnumber', 'salarystep', 'notch'],
  maximum: MAXIMUM,
  minimum: MINIMUM,
  annual: [
    'annual',
    'annualsalary',
    'annualgross',
    'annualgrosspay',
    'annualgrosssalary',
    'annualpay',
    'grossannual',
    'grossannualsalary',
    'perannum',
    'salaryperannum',
    'grosspa',
    'yearly',
    'yearlysalary',
    'yearlygross',
    ...[...MAXIMUM, ...MINIMUM].flatMap((a) => [`annual${a}`, `${a}annual`, `${a}perannum`, `${a}pa`]),
  ],
};

const LABEL: Record<Exclude<SalaryTableField, 'annual'>, string> = {
  structure: 'Salary Structure',
  gradeLevel: 'Grade Level',
  step: 'Step',
  maximum: 'Maximum Monthly Gross',
  minimum: 'Minimum Monthly Gross',
};

/** A header naming a year's pay: 'Annual Maximum', 'Max Gross (Annual)', 'Salary per annum', 'Max p.a.'. */
const YEARLY = /annual|annum|yearly|\bp\.? ?a\b\.?/i;

const yearly = (header: string) => `("${header}" is a year's pay: give the monthly amount)`;

/**
 * The required columns. A column of a year's pay is never read as a month's, whatever else its
 * header says ('Max Gross (Annual)' would otherwise be read as 'Max Gross'): it is named as the
 * reason the monthly one is missing.
 */
function missingColumns(labelOf: Partial<Record<SalaryTableField, string>>): string[] {
  const missing: string[] = (['structure', 'gradeLevel', 'step'] as const)
    .filter((f) => !(f in labelOf))
    .map((f) => LABEL[f]);
  const max = labelOf.maximum;
  if (max && YEARLY.test(max)) missing.push(`${LABEL.maximum} ${yearly(max)}`);
  else if (!max) missing.push(labelOf.annual ? `${LABEL.maximum} ${yearly(labelOf.annual)}` : LABEL.maximum);
  const min = labelOf.minimum;
  if (min && YEARLY.test(min)) missing.push(`${LABEL.minimum} ${yearly(min)}`);
  return missing;
}

/** Naira as the master list reads money; a refusal is worded for this column. */
function koboOf(cell: Cell, label: string): { kobo: number } | { error: string } {
  const parsed = typeof cell === 'number' ? numberToKobo(cell) : parseNairaToKobo(cellText(cell));
  if ('kobo' in parsed) return parsed;
  return parsed.error === PAYROLL_MESSAGES.amount
    ? { error: `${label} must be an amount in naira, e.g. 250000, 250,000.00 or ₦250,000.50` }
    : { error: parsed.error.replace('Monthly gross pay', label) };
}

/** A row error under the field's column as the file names it, else its label. */
const failIn = (
  read: RowCells<SalaryTableField>,
  map: HeaderMap<SalaryTableField>,
  field: keyof typeof LABEL,
  reason: string,
) => read.fail(map.labelOf[field] ?? LABEL[field], reason);

function normalise(
  cells: Cell[],
  rowNumber: number,
  map: HeaderMap<SalaryTableField>,
): RowResult<SalaryTableRow> {
  const read = readCells(cells, rowNumber, map);
  if (!read) return null;
  const { raw, text, errors } = read;

  const structure = text('structure');
  const key = structureKey(structure);
  if (!structure) failIn(read, map, 'structure', 'Salary structure is required');
  else if (structure.length > 100)
    failIn(read, map, 'structure', 'Salary structure is longer than 100 characters');
  else if (!key) failIn(read, map, 'structure', 'Salary structure must have letters or digits, e.g. CONPSS');
  // Grades and steps as a salary grade id can name them (two digits).
  const gradeText = text('gradeLevel');
  const grade = gradeText ? gradeNumber(gradeText) : null;
  if (!gradeText) failIn(read, map, 'gradeLevel', 'Grade level is required');
  else if (grade === null || grade < 1 || grade > 99)
    failIn(read, map, 'gradeLevel', 'Grade level must be a number from 1 to 99, e.g. 8, 08 or GL 08');
  const stepText = text('step');
  const step = stepText ? stepNumber(stepText) : null;
  if (!stepText) failIn(read, map, 'step', 'Step is required');
  else if (step === null || step < 1)
    failIn(read, map, 'step', 'Step must be a number from 1 to 99, e.g. 3, 03 or Step 3');
  let maxKobo: number | null = null;
  if (!text('maximum')) failIn(read, map, 'maximum', `${LABEL.maximum} is required`);
  else {
    const parsed = koboOf(raw.maximum, LABEL.maximum);
    if ('error' in parsed) failIn(read, map, 'maximum', parsed.error);
    else if (parsed.kobo === 0) failIn(read, map, 'maximum', `${LABEL.maximum} must be more than zero`);
    else maxKobo = parsed.kobo;
  }
  let minKobo: number | null = null;
  if (text('minimum')) {
    const parsed = koboOf(raw.minimum, LABEL.minimum);
    if ('error' in parsed) failIn(read, map, 'minimum', parsed.error);
    else minKobo = parsed.kobo;
  }
  if (minKobo !== null && maxKobo !== null && minKobo > maxKobo)
    failIn(read, map, 'minimum', `${LABEL.minimum} is more than the maximum`);
  if (errors.length) return { errors };
  return {
    row: {
      rowNumber,
      structure: structure!,
      structureKey: key!,
      grade: grade!,
      step: step!,
      maxKobo: maxKobo!,
      minKobo,
    },
  };
}

/** The salary table (issue #35): read by the master list's upload machinery. */
export const listKind: ListKind<SalaryTableField, SalaryTableRow> = {
  name: 'salary table',
  moduleUrl: import.meta.url,
  aliases: ALIASES,
  missingColumns,
  normalise,
  /** The column order of the upload's staging table (salary-table.repo.ts SalaryTableSession's staging). */
  copyRow: (r) => [r.rowNumber, r.structure, r.structureKey, r.grade, r.step, r.maxKobo, r.minKobo],
};

export const salaryTableList = listKind;
