import type { OptimaLookupResult, OptimaPerson } from '@portal/optima/protocol';
import { gradeNumber } from '@portal/contract/salary-grade';
import type { FieldVerdict } from '@portal/contract/verification';
import { jaroWinkler } from '@skyra/jaro-winkler';
import { compareNames, DEFAULT_NAME_MATCH_OPTIONS, type NameMatchOptions } from './name-match/name-match.ts';
import type { RecordStatus } from '@portal/contract/records';
import { statusAfterLookup, type Comparison, type LookupResult } from '../records/record-state.ts';

/** The portal's side of a comparison: the record as it stands. */
export interface ComparedRecord {
  fullName: string;
  dateOfBirth: string | null;
  ministry: string | null;
  department: string | null;
  gradeLevel: string | null;
}

export interface ComparisonRow {
  field: string;
  originalValue: string | null;
  sotValue: string | null;
  similarity: number;
  verdict: FieldVerdict;
  reason: string | null;
  /** DIFFERENT only: a CLOSE name does not send the record to the mismatch queue. */
  isMismatched: boolean;
}

const stripMarks = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');

const normaliseText = (s: string) =>
  stripMarks(s)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** 'GL 08', 'GL08', '8' and 'Grade Level 8' are one grade (gradeNumber: the contract's salary-grade rules). */
export function normaliseGrade(grade: string): string {
  const n = gradeNumber(grade);
  return n === null ? normaliseText(grade) : String(n);
}

type Judgement = Pick<ComparisonRow, 'similarity' | 'verdict' | 'reason'>;
const MATCHED: Judgement = { similarity: 1, verdict: 'MATCH', reason: null };
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Dates stay exact; the same date with day and month swapped (04/07, 07/04) is named as such. */
function judgeDates(a: string, b: string): Judgement {
  const [x, y] = [a.slice(0, 10), b.slice(0, 10)];
  if (x === y) return MATCHED;
  const [xy, xm, xd] = x.split('-');
  const [yy, ym, yd] = y.split('-');
  const swapped = xy === yy && xm === yd && xd === ym;
  return { similarity: 0, verdict: 'DIFFERENT', reason: swapped ? 'day and month swapped' : null };
}

/** Ministry and department: the same text or DIFFERENT, with how alike the two texts are. */
function judgeTexts(a: string, b: string): Judgement {
  const [x, y] = [normaliseText(a), normaliseText(b)];
  return x === y ? MATCHED : { similarity: round3(jaroWinkler(x, y)), verdict: 'DIFFERENT', reason: null };
}

const FIELDS: {
  field: keyof ComparedRecord;
  judge: (a: string, b: string, person: Partial<OptimaPerson>, options: NameMatchOptions) => Judgement;
}[] = [
  {
    field: 'fullName',
    judge: (a, b, person, options) => {
      const n = compareNames(
        a,
        { fullName: b, firstName: person.firstName, lastName: person.lastName },
        options,
      );
      return { similarity: n.similarity, verdict: n.verdict, reason: n.reasons.join('; ') || null };
    },
  },
  { field: 'dateOfBirth', judge: judgeDates },
  { field: 'ministry', judge: judgeTexts },
  { field: 'department', judge: judgeTexts },
  {
    field: 'gradeLevel',
    judge: (a, b) =>
      normaliseGrade(a) === normaliseGrade(b)
        ? MATCHED
        : { similarity: 0, verdict: 'DIFFERENT', reason: null },
  },
];

/**
 * Compared fields (DESIGN §6): full name, date of birth, and whichever of ministry, department and
 * grade level the source of truth returns. A field the SoT leaves out is not compared. Names are
 * MATCH, CLOSE or DIFFERENT (name-match/); the other fields MATCH or DIFFERENT.
 */
export function comparisonRows(
  record: ComparedRecord,
  person: Partial<OptimaPerson>,
  options: NameMatchOptions = DEFAULT_NAME_MATCH_OPTIONS,
): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const { field, judge } of FIELDS) {
    const sotValue = person[field];
    if (sotValue === undefined || sotValue === null || sotValue === '') continue;
    const originalValue = record[field];
    const judged: Judgement =
      originalValue === null
        ? { similarity: 0, verdict: 'DIFFERENT', reason: 'not in the record' }
        : judge(originalValue, String(sotValue), person, options);
    rows.push({
      field,
      originalValue,
      sotValue: String(sotValue),
      ...judged,
      isMismatched: judged.verdict === 'DIFFERENT',
    });
  }
  return rows;
}

/** The reasons of a comparison's close fields, one each ('title ignored', 'word order'). */
export function closeReasonsOf(rows: ComparisonRow[]): string[] {
  return rows.flatMap((r) => (r.verdict === 'CLOSE' && r.reason ? r.reason.split('; ') : []));
}

/** A comparison's outcome: DISAGREES when a compared field differs (record-state gives the status). */
export const comparisonFrom = (rows: ComparisonRow[]): Comparison =>
  rows.some((r) => r.isMismatched) ? 'DISAGREES' : 'AGREES';

/** A found record's comparison. */
export function comparisonOf(
  record: ComparedRecord,
  person: Partial<OptimaPerson>,
  options: NameMatchOptions = DEFAULT_NAME_MATCH_OPTIONS,
): Comparison {
  return comparisonFrom(comparisonRows(record, person, options));
}

/**
 * The name's verdict of a comparison, kept on the record (records.name_match) for the overview's
 * funnel, which tells 'matched exactly' from 'matched closely' (issue #20): EXACT, CLOSE or
 * DIFFERENT; null when the provider gave no name to compare.
 */
export type NameMatch = 'EXACT' | 'CLOSE' | 'DIFFERENT';

export function nameMatchOf(rows: ComparisonRow[]): NameMatch | null {
  const name = rows.find((r) => r.field === 'fullName');
  if (!name) return null;
  return name.verdict === 'MATCH' ? 'EXACT' : name.verdict;
}

export interface VerificationOutcome {
  lookup: LookupResult;
  /** The status the lookup gives a record awaiting verification (record-state). */
  status: RecordStatus;
  /** Found with biometrics: counts as verified whatever happens in review. */
  sotVerified: boolean;
  sotData: OptimaPerson | null;
  /** The name's verdict when the provider found the person, else null. */
  nameMatch: NameMatch | null;
  /** The compared fields that differ (DISAGREES), for the record's history; empty otherwise. */
  mismatchedFields: string[];
}

/** Not found, or found without biometrics, is the ghost signal (DESIGN §5). */
export function outcomeOf(
  record: ComparedRecord,
  result: OptimaLookupResult,
  options: NameMatchOptions = DEFAULT_NAME_MATCH_OPTIONS,
): VerificationOutcome {
  const person = result.found ? result.person : undefined;
  const rows = person ? comparisonRows(record, person, options) : [];
  const lookup = !person?.biometricsEnrolled ? 'ABSENT' : comparisonFrom(rows);
  return {
    lookup,
    status: statusAfterLookup(lookup),
    sotVerified: lookup !== 'ABSENT',
    sotData: person ?? null,
    nameMatch: person ? nameMatchOf(rows) : null,
    mismatchedFields: lookup === 'DISAGREES' ? rows.filter((r) => r.isMismatched).map((r) => r.field) : [],
  };
}
