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

/** The words that may stand before a grade's number ('GL 08', 'Grade Level 8'). */
const GRADE_WORD = 'gl|grade ?level|grade|level';

/**
 * A salary grade id read for its key in the salary table (issue #35): the structure, grade and step
 * it names. Either the grade and the step, with or without a structure before them ('CONPSS-08-10',
 * 'CONPSS 08/10', 'CONPSS GL 08 Step 10', '08-10', 'GL08/S10'); or the step alone ('10', 'Step 10',
 * 'S10': a master list's 'Step' column is read as its salary grade id), the grade then being the
 * record's grade level. The structure is the letters before the first non-letter, and never the
 * grade's word itself ('GL08/S10' names no structure). A structure with one number ('CONPSS 10')
 * says no step for sure: it is not read. It reads every id SALARY_GRADE reads, as the same grade.
 * Captures: 1 structure, 2 grade, 3 step (after a grade), 4 step (alone).
 */
const SALARY_KEY =
  `^(?:(?:(?!(?:${GRADE_WORD})[ /-]*[0-9])([a-z]+)(?=[^a-z]))?[ /-]*(?:${GRADE_WORD})?[ /-]*0*([0-9]{1,2})` +
  `[ /-]+(?:step|s)?[ /-]*0*([0-9]{1,2})|(?:step|s)?[ /-]*0*([0-9]{1,2}))$`;

/** A step as a salary table writes it: '10', '010', 'Step 10', 'S10'. */
const STEP = '^(?:step|s)?[ /-]*0*([0-9]{1,2})$';

/**
 * What does not count in a salary structure's name: 'CONPSS', 'conpss ' and 'CON-PSS' are one
 * structure. Letters and digits are kept (ASCII only, so that JavaScript and PostgreSQL agree), then
 * written in capitals.
 */
const STRUCTURE_NOISE = '[^A-Za-z0-9]+';

const gradeRe = new RegExp(GRADE, 'i');
const salaryGradeRe = new RegExp(SALARY_GRADE, 'di');
const salaryKeyRe = new RegExp(SALARY_KEY, 'i');
const stepRe = new RegExp(STEP, 'i');
const structureNoiseRe = new RegExp(STRUCTURE_NOISE, 'g');

/**
 * The same patterns for PostgreSQL (case-insensitive): `substring(x from grade)`,
 * `regexp_match(x, salaryKey)` (its four captures), `upper(regexp_replace(x, structureNoise, '', 'g'))`.
 */
export const SQL_PATTERNS = {
  grade: `(?i)${GRADE}`,
  salaryGrade: `(?i)${SALARY_GRADE}`,
  salaryKey: `(?i)${SALARY_KEY}`,
  structureNoise: STRUCTURE_NOISE,
} as const;

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

/** A step's number ('Step 10' → 10), or null. */
export function stepNumber(step: string | null | undefined): number | null {
  const m = step ? stepRe.exec(step.trim()) : null;
  return m ? Number(m[1]) : null;
}

/** A salary structure's name as the salary table matches it ('Con-PSS ' → 'CONPSS'); null when blank. */
export function structureKey(structure: string | null | undefined): string | null {
  return structure?.replace(structureNoiseRe, '').toUpperCase() || null;
}

/** What a salary grade id names of its salary table key; null when it names no step. */
export interface SalaryGradeParts {
  structure: string | null;
  grade: number | null;
  step: number;
}

export function salaryGradeParts(id: string | null | undefined): SalaryGradeParts | null {
  const m = id ? salaryKeyRe.exec(id.trim()) : null;
  if (!m) return null;
  return m[4] !== undefined
    ? { structure: null, grade: null, step: Number(m[4]) }
    : { structure: m[1] ?? null, grade: Number(m[2]), step: Number(m[3]) };
}

/** A record's key in the salary table (PAY_ABOVE_SCALE, issue #35). */
export interface SalaryKey {
  structureKey: string;
  grade: number;
  step: number;
}

/**
 * A record's salary table key: what its salary grade id names, the structure from the record's
 * salary structure and the grade from its grade level where the id does not name them; null when
 * any of the three is unknown. The integrity rule applies the same in SQL (SQL_PATTERNS).
 */
export function salaryKeyOf(record: {
  salaryGradeId: string | null | undefined;
  salaryStructure: string | null | undefined;
  gradeLevel: string | null | undefined;
}): SalaryKey | null {
  const parts = salaryGradeParts(record.salaryGradeId);
  if (!parts) return null;
  const key = structureKey(parts.structure ?? record.salaryStructure);
  const grade = parts.grade ?? gradeNumber(record.gradeLevel);
  return key !== null && grade !== null ? { structureKey: key, grade, step: parts.step } : null;
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
