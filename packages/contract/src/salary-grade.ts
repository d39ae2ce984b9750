/**
 * Grade levels and the salary grade ids that name them: the one home of the rule "a record's
 * salary grade id names its grade" (issue #17). The server refuses decisions and exports that break
 * it; the web prefills the id a new grade needs. The patterns are written in the subset of regular
 * expressions that JavaScript and PostgreSQL share, so SQL applies the same ones (`SQL_PATTERNS`).
 */

/** A grade level: 'GL 08', 'GL08', '8', 'Grade Level 8', 'Level 8' → 8. */
const GRADE = '^(?:gl|grade *level|grade|level)? *0*([0-9]{1,3})$';

/**
 * A salary grade id that names a grade and a step: 'CONPSS-08-10', 'CONHESS 08/10', '08-10',
 * 'GL08/S10', 'CONPSS GL 08 Step 10' name grade 8. A bare '08', or a code such as 'A12', names
 * no grade: it may be a step or a scale of its own, so it is never said to disagree.
 */
const SALARY_GRADE =
  '^(?:[a-z]+)?[ /-]*(?:gl|grade ?level|grade)?[ /-]*0*([0-9]{1,2})[ /-]+(?:step|s)?[ /-]*[0-9]{1,2}$';

const gradeRe = new RegExp(GRADE, 'i');
const salaryGradeRe = new RegExp(SALARY_GRADE, 'di');

/** The same patterns for PostgreSQL's `substring(x from pattern)` (case-insensitive). */
export const SQL_PATTERNS = { grade: `(?i)${GRADE}`, salaryGrade: `(?i)${SALARY_GRADE}` } as const;

/** The number of a grade level, or null when it is not a numbered grade. */
export function gradeNumber(grade: string | null | undefined): number | null {
  const m = grade ? gradeRe.exec(grade.trim()) : null;
  return m ? Number(m[1]) : null;
}

/** The grade a salary grade id names, or null when it names none. */
export function gradeOfSalaryGradeId(id: string | null | undefined): number | null {
  const m = id ? salaryGradeRe.exec(id.trim()) : null;
  return m ? Number(m[1]) : null;
}

/** True when the salary grade id names another grade than the grade level. */
export function salaryGradeDisagrees(
  grade: string | null | undefined,
  id: string | null | undefined,
): boolean {
  const named = gradeOfSalaryGradeId(id);
  const level = gradeNumber(grade);
  return named !== null && level !== null && named !== level;
}

/**
 * The salary grade id for a new grade, keeping everything else (structure, step, separators and
 * the width of the number): 'CONPSS-08-10' at GL 09 → 'CONPSS-09-10'. Null when it cannot be
 * derived (the id names no grade, or the new grade is not numbered).
 */
export function deriveSalaryGradeId(
  id: string | null | undefined,
  newGrade: string | null | undefined,
): string | null {
  const level = gradeNumber(newGrade);
  const m = id ? salaryGradeRe.exec(id.trim()) : null;
  const at = m?.indices?.[1];
  if (!m || !at || level === null) return null;
  const text = id!.trim();
  // The digits as written, with their leading zeros ('008' keeps three places).
  let start = at[0];
  while (start > 0 && text[start - 1] === '0') start--;
  const width = at[1] - start;
  return `${text.slice(0, start)}${String(level).padStart(width, '0')}${text.slice(at[1])}`;
}

/** True when two grade levels are the same grade ('GL 08' and '8'); unnumbered ones compare as written. */
export function sameGrade(a: string | null | undefined, b: string | null | undefined): boolean {
  const [x, y] = [gradeNumber(a), gradeNumber(b)];
  if (x !== null || y !== null) return x === y;
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

export const SALARY_GRADE_MESSAGES = {
  required: (from: string, to: string) =>
    `The grade changes from ${from} to ${to}: enter the Salary Grade ID for ${to}.`,
  disagrees: (id: string, grade: string) => `Salary Grade ID ${id} names another grade than ${grade}.`,
  approveBlocked: (id: string, grade: string) =>
    `Salary Grade ID ${id} names another grade than ${grade}. Edit the record to correct it before approving.`,
  label: 'Salary Grade ID',
} as const;
