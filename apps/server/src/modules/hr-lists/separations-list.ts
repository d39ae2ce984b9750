import type { ExitReason } from '@portal/contract/hr-lists';
import { cellText, parseDate, type Cell } from '../records/parse/cell-values.ts';
import { MASTER_ALIASES, PERSON_LABELS, SERVICE_NUMBER_ALIASES } from '../records/parse/headers.ts';
import type { HeaderMap, ListKind, RowResult } from '../records/parse/list-kind.ts';
import { personKeys, readCells, requiredName, rowResult, tooLong } from '../records/parse/row-normalise.ts';

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
  psn: [...MASTER_ALIASES.psn, ...SERVICE_NUMBER_ALIASES],
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
  ...PERSON_LABELS,
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

export function exitReasonOf(text: string): ExitReason | null {
  let reason = reasonOfText.get(text);
  if (reason === undefined) {
    const letters = text.toLowerCase().replace(/[^a-z]/g, '');
    reason = REASONS.find(([pattern]) => pattern.test(letters))?.[1] ?? null;
    if (reasonOfText.size < 1_000) reasonOfText.set(text, reason);
  }
  return reason;
}

/**
 * Exit reasons already read, by their text: a list writes a handful of them, a hundred thousand
 * times. Bounded, so that a file of a different text in every row costs no more than before.
 */
const reasonOfText = new Map<string, ExitReason | null>();

const MAX_LENGTH: (readonly [SeparationField, number])[] = [
  ['psn', 50],
  ['fullName', 300],
  ['reference', 200],
];

/** A field's column as the file names it, else its label. */
const columnOf = (map: HeaderMap<SeparationField>, field: SeparationField) =>
  map.labelOf[field] ?? LABEL[field];

function normalise(
  cells: Cell[],
  rowNumber: number,
  map: HeaderMap<SeparationField>,
): RowResult<SeparationRow> {
  const read = readCells(cells, rowNumber, map);
  if (!read) return null;
  const { raw, text, errors, fail: failAt } = read;

  const { psn, nin } = personKeys(
    text('psn'),
    raw.nin,
    text('nin'),
    { nin: columnOf(map, 'nin'), psnOrNin: map.labelOf.psn ?? map.labelOf.nin ?? LABEL.psnOrNin },
    failAt,
  );
  const fullName = requiredName([text('fullName')], columnOf(map, 'fullName'), failAt);
  let exitDate: string | undefined;
  if (!cellText(raw.exitDate)) failAt(columnOf(map, 'exitDate'), 'Exit date is required');
  else {
    exitDate = parseDate(raw.exitDate);
    if (!exitDate)
      failAt(columnOf(map, 'exitDate'), 'Exit date is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)');
  }
  const reasonText = text('exitReason');
  const exitReason = reasonText ? exitReasonOf(reasonText) : null;
  if (!reasonText) failAt(columnOf(map, 'exitReason'), 'Exit reason is required');
  else if (!exitReason)
    failAt(
      columnOf(map, 'exitReason'),
      'Exit reason must be Retired, Deceased, Resigned, Dismissed, Transferred or Other',
    );
  const reference = text('reference');
  for (const [field, max] of tooLong({ psn, fullName, reference }, MAX_LENGTH))
    failAt(columnOf(map, field), `${LABEL[field]} is longer than ${max} characters`);
  return rowResult(errors, () => ({
    rowNumber,
    psn,
    nin,
    fullName: fullName!,
    exitDate: exitDate!,
    exitReason: exitReason!,
    reference,
  }));
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
  /** The column order of the upload's staging table (separations.repo.ts SeparationsSession's staging). */
  copyRow: (r) => [r.rowNumber, r.psn, r.nin, r.fullName, r.exitDate, r.exitReason, r.reference],
};

export const separationsList = listKind;
