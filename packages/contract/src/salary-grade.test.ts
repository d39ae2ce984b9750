import { describe, expect, it } from 'vitest';
import {
  deriveSalaryGradeId,
  gradeNumber,
  gradeOfSalaryGradeId,
  salaryGradeDisagrees,
  sameGrade,
} from './salary-grade.ts';

describe('salary grade ids and grades', () => {
  it.each([
    ['GL 08', 8],
    ['GL08', 8],
    ['8', 8],
    ['Grade Level 12', 12],
    ['level 3', 3],
    ['Principal', null],
    ['', null],
  ])('grade %s is number %s', (grade, n) => expect(gradeNumber(grade)).toBe(n));

  it.each([
    ['CONPSS-08-10', 8],
    ['CONHESS 08/10', 8],
    ['08-10', 8],
    ['GL08/S10', 8],
    ['CONPSS GL 08 Step 10', 8],
    ['conmess-14-2', 14],
    ['08', null],
    ['A12', null],
    ['CONPSS', null],
  ])('salary grade id %s names grade %s', (id, n) => expect(gradeOfSalaryGradeId(id)).toBe(n));

  it('disagrees only when both name a grade and the grades differ', () => {
    expect(salaryGradeDisagrees('GL 09', 'CONPSS-08-10')).toBe(true);
    expect(salaryGradeDisagrees('GL 08', 'CONPSS-08-10')).toBe(false);
    expect(salaryGradeDisagrees('GL 09', '08')).toBe(false);
    expect(salaryGradeDisagrees(null, 'CONPSS-08-10')).toBe(false);
    expect(salaryGradeDisagrees('GL 09', null)).toBe(false);
  });

  it('derives the id of a new grade, keeping structure, step and width', () => {
    expect(deriveSalaryGradeId('CONPSS-08-10', 'GL 09')).toBe('CONPSS-09-10');
    expect(deriveSalaryGradeId('CONPSS-09-10', 'GL 10')).toBe('CONPSS-10-10');
    expect(deriveSalaryGradeId('CONHESS 8/3', 'GL 12')).toBe('CONHESS 12/3');
    expect(deriveSalaryGradeId('CONPSS GL 08 Step 10', '7')).toBe('CONPSS GL 07 Step 10');
    expect(deriveSalaryGradeId('A12', 'GL 09')).toBeNull();
    expect(deriveSalaryGradeId('CONPSS-08-10', 'Principal')).toBeNull();
  });

  it('compares grades by number', () => {
    expect(sameGrade('GL 08', '8')).toBe(true);
    expect(sameGrade('GL 08', 'GL 09')).toBe(false);
    expect(sameGrade(null, '')).toBe(true);
  });
});
