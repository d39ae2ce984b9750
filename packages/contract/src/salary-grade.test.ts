import { describe, expect, it } from 'vitest';
import {
  deriveSalaryGradeId,
  gradeNumber,
  gradeOfSalaryGradeId,
  salaryGradeDisagrees,
  salaryGradeParts,
  salaryKeyOf,
  sameGrade,
  stepNumber,
  structureKey,
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

  // Issue #35: PAY_ABOVE_SCALE reads a record's salary table key from its salary grade id.
  it.each([
    ['CONPSS-08-10', { structure: 'CONPSS', grade: 8, step: 10 }],
    ['CONPSS 08/10', { structure: 'CONPSS', grade: 8, step: 10 }],
    ['CONPSS GL 08 Step 10', { structure: 'CONPSS', grade: 8, step: 10 }],
    ['conhess-14-02', { structure: 'conhess', grade: 14, step: 2 }],
    ['CONPSS08-10', { structure: 'CONPSS', grade: 8, step: 10 }],
    ['CONPSS / GL 08 / S 10', { structure: 'CONPSS', grade: 8, step: 10 }],
    ['08-10', { structure: null, grade: 8, step: 10 }],
    ['GL08/S10', { structure: null, grade: 8, step: 10 }],
    ['Grade Level 8 Step 1', { structure: null, grade: 8, step: 1 }],
    ['level 08-3', { structure: null, grade: 8, step: 3 }],
    // The step alone: a master list's 'Step' column is read as the salary grade id.
    ['10', { structure: null, grade: null, step: 10 }],
    ['Step 10', { structure: null, grade: null, step: 10 }],
    ['S03', { structure: null, grade: null, step: 3 }],
    ['CONPSS 10', null],
    ['A12', null],
    ['CONPSS', null],
    ['08-10-3', null],
    ['', null],
  ])('salary grade id %j names %j of its key', (id, parts) => expect(salaryGradeParts(id)).toEqual(parts));

  it('reads every id the grade rule reads, as the same grade', () => {
    const ids: string[] = [];
    for (const structure of ['', 'CONPSS', 'conhess', 'GL', 'Grade', 'Level', 'A', 'CONPSSGL'])
      for (const word of ['', 'GL', 'Grade Level', 'grade', 'gradelevel'])
        for (const sep of ['', ' ', '-', '/', ' / '])
          for (const grade of ['8', '08', '14'])
            for (const step of ['-10', '/S10', ' Step 3', ' 03'])
              ids.push(`${structure}${sep}${word}${sep}${grade}${step}`);
    const read = ids.filter((id) => gradeOfSalaryGradeId(id) !== null);
    expect(read.length).toBeGreaterThan(500);
    for (const id of read) expect(salaryGradeParts(id)?.grade, id).toBe(gradeOfSalaryGradeId(id));
  });

  it("takes the structure and the grade from the record's columns where the id lacks them", () => {
    const record = { salaryStructure: ' Con-pss ', gradeLevel: 'GL 07' };
    expect(salaryKeyOf({ ...record, salaryGradeId: 'CONHESS 08/10' })).toEqual({
      structureKey: 'CONHESS',
      grade: 8,
      step: 10,
    });
    expect(salaryKeyOf({ ...record, salaryGradeId: 'GL08/S10' })).toEqual({
      structureKey: 'CONPSS',
      grade: 8,
      step: 10,
    });
    expect(salaryKeyOf({ ...record, salaryGradeId: 'Step 4' })).toEqual({
      structureKey: 'CONPSS',
      grade: 7,
      step: 4,
    });
    expect(salaryKeyOf({ ...record, salaryGradeId: null })).toBeNull();
    expect(salaryKeyOf({ salaryGradeId: '08-10', salaryStructure: null, gradeLevel: 'GL 08' })).toBeNull();
    expect(
      salaryKeyOf({ salaryGradeId: '4', salaryStructure: 'CONPSS', gradeLevel: 'Principal' }),
    ).toBeNull();
  });

  it('reads steps and structure names as a salary table writes them', () => {
    expect(['10', '010', 'Step 10', 's10', 'STEP-10'].map(stepNumber)).toEqual([10, 10, 10, 10, 10]);
    expect(['', 'ten', '100', null].map(stepNumber)).toEqual([null, null, null, null]);
    expect(['CONPSS', ' conpss ', 'Con-PSS', 'CON PSS.'].map(structureKey)).toEqual(Array(4).fill('CONPSS'));
    expect(structureKey(' - ')).toBeNull();
  });
});
