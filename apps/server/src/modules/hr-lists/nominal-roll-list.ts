import type { Cell } from '../records/parse/cell-values.ts';
import { MASTER_ALIASES, PERSON_LABELS, SERVICE_NUMBER_ALIASES } from '../records/parse/headers.ts';
import type { HeaderMap, ListKind, RowResult } from '../records/parse/list-kind.ts';
import { personKeys, readCells, requiredName, rowResult, tooLong } from '../records/parse/row-normalise.ts';

export type NominalRollField =
  | 'psn'
  | 'serviceNumber'
  | 'nin'
  | 'fullName'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'ministry'
  | 'department'
  | 'gradeLevel';

/** A valid row of a nominal roll. */
export interface NominalRollRow {
  rowNumber: number;
  psn: string | null;
  nin: string | null;
  fullName: string;
  ministry: string;
  department: string | null;
  gradeLevel: string | null;
}

/**
 * Header spellings, after normaliseHeader(). A roll has no work id column, so a staff, service or
 * file number is the person's PSN here (as on the separations list), but only when the file has no
 * column named PSN: a roll with both keeps its staff numbers out of the match. A roll often splits
 * the name (Surname, First Name, Other Names), as a master list may.
 */
const ALIASES: Record<NominalRollField, readonly string[]> = {
  psn: MASTER_ALIASES.psn,
  serviceNumber: [...SERVICE_NUMBER_ALIASES, 'personalfileno', 'personalfilenumber'],
  nin: MASTER_ALIASES.nin,
  fullName: MASTER_ALIASES.fullName,
  firstName: MASTER_ALIASES.firstName,
  middleName: MASTER_ALIASES.middleName,
  lastName: MASTER_ALIASES.lastName,
  ministry: [...MASTER_ALIASES.ministry, 'mdaministry', 'ministrymda', 'ministryparastatal'],
  department: [...MASTER_ALIASES.department, 'section', 'directorate', 'division'],
  gradeLevel: [
    ...MASTER_ALIASES.gradeLevel,
    'rankgl',
    'glrank',
    'gradelevelrank',
    'presentgradelevel',
    'currentgradelevel',
    'presentgl',
    'gradelevelstep',
    'glstep',
  ],
};

const LABEL: Record<NominalRollField | 'psnOrNin', string> = {
  ...PERSON_LABELS,
  serviceNumber: 'Staff No',
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Last Name',
  ministry: 'Ministry',
  department: 'Department',
  gradeLevel: 'Grade Level',
};

/** Longest value per column, as the master list allows (row-normalise.ts MAX_LENGTH). */
const MAX_LENGTH: [NominalRollField, number][] = [
  ['psn', 50],
  ['fullName', 300],
  ['ministry', 300],
  ['department', 300],
  ['gradeLevel', 50],
];

/** A field's column as the file names it, else its label. */
const labelIn = (map: HeaderMap<NominalRollField>, f: NominalRollField) => map.labelOf[f] ?? LABEL[f];

function normalise(
  cells: Cell[],
  rowNumber: number,
  map: HeaderMap<NominalRollField>,
): RowResult<NominalRollRow> {
  const read = readCells(cells, rowNumber, map);
  if (!read) return null;
  const { raw, text, errors, fail } = read;

  const psnField = 'psn' in map.labelOf ? 'psn' : 'serviceNumber';
  const { psn, nin } = personKeys(
    text(psnField),
    raw.nin,
    text('nin'),
    {
      nin: labelIn(map, 'nin'),
      psnOrNin: map.labelOf.psn ?? map.labelOf.serviceNumber ?? map.labelOf.nin ?? LABEL.psnOrNin,
    },
    fail,
  );
  const fullName = requiredName(
    [text('fullName'), text('firstName'), text('middleName'), text('lastName')],
    map.labelOf.fullName ?? LABEL.fullName,
    fail,
  );
  const ministry = text('ministry');
  if (!ministry) fail(labelIn(map, 'ministry'), 'Ministry is required');
  const department = text('department');
  const gradeLevel = text('gradeLevel');
  for (const [field, max] of tooLong({ psn, fullName, ministry, department, gradeLevel }, MAX_LENGTH)) {
    const f = field === 'psn' ? psnField : field;
    fail(labelIn(map, f), `${LABEL[f]} is longer than ${max} characters`);
  }
  return rowResult(errors, () => ({
    rowNumber,
    psn,
    nin,
    fullName: fullName!,
    ministry: ministry!,
    department,
    gradeLevel,
  }));
}

/**
 * The nominal roll (issue #35): read by the master list's upload machinery. Required: a PSN (or
 * staff number) or a NIN, a name, the ministry; the department and grade level as HR keeps them.
 */
export const listKind: ListKind<NominalRollField, NominalRollRow> = {
  name: 'nominal roll',
  moduleUrl: import.meta.url,
  aliases: ALIASES,
  missingColumns: (labelOf) => [
    ...(!('psn' in labelOf) && !('serviceNumber' in labelOf) && !('nin' in labelOf) ? [LABEL.psnOrNin] : []),
    ...(!('fullName' in labelOf) && !('firstName' in labelOf && 'lastName' in labelOf)
      ? [LABEL.fullName]
      : []),
    ...(!('ministry' in labelOf) ? [LABEL.ministry] : []),
  ],
  normalise,
  /** The column order of the upload's staging table (nominal-roll.repo.ts ROLL_ROWS). */
  copyRow: (r) => [r.rowNumber, r.psn, r.nin, r.fullName, r.ministry, r.department, r.gradeLevel],
};

export const nominalRollList = listKind;
