import type { OptimaLookupResult, OptimaPerson } from '@portal/optima/protocol';
import { gradeNumber } from '@portal/contract/salary-grade';

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
  isMismatched: boolean;
}

export type VerificationStatus = 'PENDING_GRADE_VALIDATION' | 'MISMATCHED' | 'NOT_FOUND';

const stripMarks = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');

/** Case, spacing, punctuation, accents and name order do not matter ("OKAFOR Chinedu" = "Chinedu Okafor"). */
export function normaliseName(name: string): string {
  return stripMarks(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}

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

const FIELDS: {
  field: keyof ComparedRecord;
  same: (a: string, b: string) => boolean;
}[] = [
  { field: 'fullName', same: (a, b) => normaliseName(a) === normaliseName(b) },
  { field: 'dateOfBirth', same: (a, b) => a.slice(0, 10) === b.slice(0, 10) },
  { field: 'ministry', same: (a, b) => normaliseText(a) === normaliseText(b) },
  { field: 'department', same: (a, b) => normaliseText(a) === normaliseText(b) },
  { field: 'gradeLevel', same: (a, b) => normaliseGrade(a) === normaliseGrade(b) },
];

/**
 * Compared fields (DESIGN §6): full name, date of birth, and whichever of ministry, department and
 * grade level the source of truth returns. A field the SoT leaves out is not compared.
 */
export function comparisonRows(record: ComparedRecord, person: Partial<OptimaPerson>): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const { field, same } of FIELDS) {
    const sotValue = person[field];
    if (sotValue === undefined || sotValue === null || sotValue === '') continue;
    const originalValue = record[field];
    rows.push({
      field,
      originalValue,
      sotValue: String(sotValue),
      isMismatched: originalValue === null || !same(originalValue, String(sotValue)),
    });
  }
  return rows;
}

/** The review state of a found record: MISMATCHED when a compared field disagrees, else pending approval. */
export function reviewStateOf(
  record: ComparedRecord,
  person: Partial<OptimaPerson>,
): 'MISMATCHED' | 'PENDING_GRADE_VALIDATION' {
  return comparisonRows(record, person).some((r) => r.isMismatched)
    ? 'MISMATCHED'
    : 'PENDING_GRADE_VALIDATION';
}

export interface VerificationOutcome {
  status: VerificationStatus;
  /** Found with biometrics: counts as verified whatever happens in review. */
  sotVerified: boolean;
  sotData: OptimaPerson | null;
}

/** Not found, or found without biometrics, is the ghost signal (DESIGN §5). */
export function outcomeOf(record: ComparedRecord, result: OptimaLookupResult): VerificationOutcome {
  const person = result.found ? result.person : undefined;
  if (!person) return { status: 'NOT_FOUND', sotVerified: false, sotData: null };
  if (!person.biometricsEnrolled) return { status: 'NOT_FOUND', sotVerified: false, sotData: person };
  return {
    status: reviewStateOf(record, person),
    sotVerified: true,
    sotData: person,
  };
}
