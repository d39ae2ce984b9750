import { describe, expect, it } from 'vitest';
import { comparisonRows, normaliseGrade, normaliseName, outcomeOf } from './compare.ts';

const record = {
  fullName: 'Chinedu Emeka Okafor',
  dateOfBirth: '1985-03-15',
  ministry: 'Ministry of Health',
  department: 'Nursing',
  gradeLevel: 'GL 08',
};
const person = {
  nin: '1',
  fullName: 'OKAFOR Chinedu  Emeka',
  firstName: 'Chinedu',
  lastName: 'Okafor',
  dateOfBirth: '1985-03-15',
  biometricsEnrolled: true,
};

describe('comparison', () => {
  it('ignores case, spacing, accents, punctuation and name order', () => {
    expect(normaliseName('OKAFOR,  Chinedu-Emeka')).toBe(normaliseName('chinedu emeka okafor'));
    expect(normaliseName('Adébáyọ̀ Ògúnlẹ́yẹ')).toBe(normaliseName('Ogunleye Adebayo'));
    expect(normaliseName('Okafur Chinedu')).not.toBe(normaliseName('Okafor Chinedu'));
  });

  it('treats grade spellings alike', () => {
    expect(normaliseGrade('GL 08')).toBe(normaliseGrade('8'));
    expect(normaliseGrade('GL08')).toBe(normaliseGrade('Grade Level 8'));
    expect(normaliseGrade('GL 08')).not.toBe(normaliseGrade('GL 09'));
  });

  it('compares only the fields the source of truth returns', () => {
    expect(comparisonRows(record, person).map((r) => r.field)).toEqual(['fullName', 'dateOfBirth']);
    const rows = comparisonRows(record, { ...person, gradeLevel: 'GL 09', ministry: 'MINISTRY OF HEALTH' });
    expect(rows.find((r) => r.field === 'gradeLevel')).toMatchObject({
      originalValue: 'GL 08',
      sotValue: 'GL 09',
      isMismatched: true,
    });
    expect(rows.find((r) => r.field === 'ministry')!.isMismatched).toBe(false);
  });

  it('maps lookups to states: agree → pending, differ → mismatched, absent or no biometrics → not found', () => {
    expect(outcomeOf(record, { found: true, person })).toMatchObject({
      status: 'PENDING_GRADE_VALIDATION',
      sotVerified: true,
    });
    expect(outcomeOf(record, { found: true, person: { ...person, dateOfBirth: '1986-03-15' } }).status).toBe(
      'MISMATCHED',
    );
    expect(outcomeOf(record, { found: false })).toMatchObject({
      status: 'NOT_FOUND',
      sotVerified: false,
      sotData: null,
    });
    expect(
      outcomeOf(record, { found: true, person: { ...person, biometricsEnrolled: false } }),
    ).toMatchObject({ status: 'NOT_FOUND', sotVerified: false });
  });
});
