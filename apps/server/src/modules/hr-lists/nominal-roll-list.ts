import type { UploadRowError } from '@portal/contract/records';
import { cellText, type Cell } from '../records/parse/cell-values.ts';
import { MASTER_ALIASES } from '../records/parse/headers.ts';
import type { HeaderMap, ListKind } from '../records/parse/list-kind.ts';
import { NIN_DIGITS, ninOf, psnOf, UNREADABLE } from '../records/parse/row-normalise.ts';

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
  serviceNumber: [
    'staffno',
    'staffnumber',
    'staffid',
    'staffidno',
    'servicenumber',
    'serviceno',
    'fileno',
    'filenumber',
    'personalfileno',
    'personalfilenumber',
    'employeeno',
    'employeenumber',
  ],
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
  psn: 'PSN',
  serviceNumber: 'Staff No',
  nin: 'NIN',
  psnOrNin: 'PSN or NIN',
  fullName: 'Full Name',
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

function normalise(
  cells: Cell[],
  rowNumber: number,
  map: HeaderMap<NominalRollField>,
): { row: NominalRollRow } | { errors: UploadRowError[] } | null {
  const raw: Partial<Record<NominalRollField, Cell>> = {};
  const texts: Partial<Record<NominalRollField, string>> = {};
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
  const text = (f: NominalRollField) => texts[f] || null;
  const label = (f: NominalRollField) => map.labelOf[f] ?? LABEL[f];
  const fail = (column: string, reason: string) => errors.push({ row: rowNumber, column, reason });

  const psnField = 'psn' in map.labelOf ? 'psn' : 'serviceNumber';
  const psn = psnOf(text(psnField));
  const nin = ninOf(raw.nin, text('nin'));
  if (nin && !/^\d{11}$/.test(nin)) fail(label('nin'), NIN_DIGITS);
  if (!psn && !nin)
    fail(
      map.labelOf.psn ?? map.labelOf.serviceNumber ?? map.labelOf.nin ?? LABEL.psnOrNin,
      'A PSN or a NIN is required',
    );
  const fullName =
    text('fullName') ??
    ([text('firstName'), text('middleName'), text('lastName')].filter(Boolean).join(' ') || null);
  if (!fullName) fail(map.labelOf.fullName ?? LABEL.fullName, 'Full name is required');
  const ministry = text('ministry');
  if (!ministry) fail(label('ministry'), 'Ministry is required');
  const values: Partial<Record<NominalRollField, string | null>> = {
    psn,
    fullName,
    ministry,
    department: text('department'),
    gradeLevel: text('gradeLevel'),
  };
  for (const [field, max] of MAX_LENGTH) {
    const value = values[field];
    const f = field === 'psn' ? psnField : field;
    if (value && value.length > max) fail(label(f), `${LABEL[f]} is longer than ${max} characters`);
  }
  if (errors.length) return { errors };
  return {
    row: {
      rowNumber,
      psn,
      nin,
      fullName: fullName!,
      ministry: ministry!,
      department: values.department ?? null,
      gradeLevel: values.gradeLevel ?? null,
    },
  };
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
