import type { UploadRowError } from '@portal/contract/records';
import type { ExitReason } from '@portal/contract/hr-lists';
import { cellText, parseDate, type Cell } from '../records/parse/cell-values.ts';
import { MASTER_ALIASES } from '../records/parse/headers.ts';
import type { ListKind } from '../records/parse/list-kind.ts';
import { NIN_DIGITS, ninOf, psnOf, UNREADABLE } from '../records/parse/row-normalise.ts';

export type SeparationField = 'psn' | 'nin' | 'fullName' | 'exitDate' | 'exitReason' | 'reference';

/** A valid row of the separations list. */
export interface SeparationRow {
  rowNumber: number;
  psn: string | null;
  nin: string | null;
  fullName: string;
  exitDate: string;
  exitReason: ExitReason;
  reference: string | null;
}

/**
 * Header spellings, after normaliseHeader(). A separations list has no work id column, so 'Staff
 * No' and 'File No' are the person's service number (PSN) here, not the master list's employee id.
 */
const ALIASES: Record<SeparationField, readonly string[]> = {
  psn: [
    ...MASTER_ALIASES.psn,
    'staffno',
    'staffnumber',
    'staffid',
    'staffidno',
    'servicenumber',
    'serviceno',
    'fileno',
    'filenumber',
    'employeeno',
    'employeenumber',
  ],
  nin: MASTER_ALIASES.nin,
  fullName: MASTER_ALIASES.fullName,
  exitDate: [
    'exitdate',
    'dateofexit',
    'dateexited',
    'dateofseparation',
    'separationdate',
    'dateofleaving',
    'leavingdate',
    'dateleft',
    'dateofcessation',
    'cessationdate',
    'effectivedate',
    'effectivedateofexit',
    'dateofretirement',
    'retirementdate',
    'dateofdeath',
    'lastworkingday',
    'lastdayofservice',
    'dateofdisengagement',
    'disengagementdate',
  ],
  exitReason: [
    'exitreason',
    'reasonforexit',
    'reason',
    'reasonforleaving',
    'reasonforseparation',
    'separationreason',
    'modeofexit',
    'exitmode',
    'typeofexit',
    'exittype',
    'separationtype',
    'typeofseparation',
    'natureofexit',
    'causeofexit',
    'reasonfordisengagement',
  ],
  reference: [
    'reference',
    'ref',
    'refno',
    'refnumber',
    'referenceno',
    'referencenumber',
    'letterref',
    'letterreference',
    'letterno',
    'approvalref',
    'approvalreference',
    'fileref',
  ],
};

const LABEL: Record<SeparationField | 'psnOrNin', string> = {
  psn: 'PSN',
  nin: 'NIN',
  psnOrNin: 'PSN or NIN',
  fullName: 'Full Name',
  exitDate: 'Exit Date',
  exitReason: 'Exit Reason',
  reference: 'Reference',
};

/** Exit reasons as HR offices write them, letters only, lower case → the reason. */
const REASONS: [RegExp, ExitReason][] = [
  [
    /^(retire|retirement|statutoryretirement|voluntaryretirement|compulsoryretirement|superannuat)/,
    'RETIRED',
  ],
  [/^(deceased|death|dead|died|demise|late)/, 'DECEASED'],
  [/^(resign|voluntarywithdrawal|withdrawal)/, 'RESIGNED'],
  [/^(dismiss|terminat|sack|removedfromservice|removal)/, 'DISMISSED'],
  [/^(transfer|redeploy|secondment|seconded)/, 'TRANSFERRED'],
  [/^others?$/, 'OTHER'],
];

export function exitReasonOf(text: string): ExitReason | undefined {
  const letters = text.toLowerCase().replace(/[^a-z]/g, '');
  return REASONS.find(([pattern]) => pattern.test(letters))?.[1];
}

const MAX_LENGTH: [SeparationField, number][] = [
  ['psn', 50],
  ['fullName', 300],
  ['reference', 200],
];

function normalise(
  cells: Cell[],
  rowNumber: number,
  map: {
    fields: Map<number, SeparationField>;
    headers: string[];
    labelOf: Partial<Record<SeparationField, string>>;
  },
): { row: SeparationRow } | { errors: UploadRowError[] } | null {
  const raw: Partial<Record<SeparationField, Cell>> = {};
  const texts: Partial<Record<SeparationField, string>> = {};
  const errors: UploadRowError[] = [];
  let empty = true;
  for (let i = 0; i < map.headers.length; i++) {
    const text = cellText(cells[i]);
    const field = map.fields.get(i);
    if (field) {
      raw[field] = cells[i];
      texts[field] = text;
    }
    if (!text) continue;
    empty = false;
    if (text.includes('\uFFFD'))
      errors.push({ row: rowNumber, column: map.headers[i] || `column ${i + 1}`, reason: UNREADABLE });
  }
  if (empty) return null;
  const text = (f: SeparationField) => texts[f] || null;
  const fail = (field: SeparationField | 'psnOrNin', reason: string) =>
    errors.push({
      row: rowNumber,
      column:
        (field === 'psnOrNin' ? (map.labelOf.psn ?? map.labelOf.nin) : map.labelOf[field]) ?? LABEL[field],
      reason,
    });

  const psn = psnOf(text('psn'));
  const nin = ninOf(raw.nin, text('nin'));
  if (nin && !/^\d{11}$/.test(nin)) fail('nin', NIN_DIGITS);
  if (!psn && !nin) fail('psnOrNin', 'A PSN or a NIN is required');
  const fullName = text('fullName');
  if (!fullName) fail('fullName', 'Full name is required');
  let exitDate: string | undefined;
  if (!cellText(raw.exitDate)) fail('exitDate', 'Exit date is required');
  else {
    exitDate = parseDate(raw.exitDate);
    if (!exitDate) fail('exitDate', 'Exit date is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)');
  }
  const reasonText = text('exitReason');
  const exitReason = reasonText ? exitReasonOf(reasonText) : undefined;
  if (!reasonText) fail('exitReason', 'Exit reason is required');
  else if (!exitReason)
    fail('exitReason', 'Exit reason must be Retired, Deceased, Resigned, Dismissed, Transferred or Other');
  const values = { psn, fullName, reference: text('reference') };
  for (const [field, max] of MAX_LENGTH) {
    const value = values[field as keyof typeof values];
    if (value && value.length > max) fail(field, `${LABEL[field]} is longer than ${max} characters`);
  }
  if (errors.length) return { errors };
  return {
    row: {
      rowNumber,
      psn,
      nin,
      fullName: fullName!,
      exitDate: exitDate!,
      exitReason: exitReason!,
      reference: values.reference,
    },
  };
}

/** The separations list (issue #35): read by the master list's upload machinery. */
export const listKind: ListKind<SeparationField, SeparationRow> = {
  name: 'separations list',
  moduleUrl: import.meta.url,
  aliases: ALIASES,
  missingColumns: (labelOf) => [
    ...(!('psn' in labelOf) && !('nin' in labelOf) ? [LABEL.psnOrNin] : []),
    ...(['fullName', 'exitDate', 'exitReason'] as const).filter((f) => !(f in labelOf)).map((f) => LABEL[f]),
  ],
  normalise,
  /** The column order of the upload's staging table (hr-lists.repo.ts SEPARATION_ROWS). */
  copyRow: (r) => [r.rowNumber, r.psn, r.nin, r.fullName, r.exitDate, r.exitReason, r.reference],
};

export const separationsList = listKind;
