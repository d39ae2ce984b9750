import { describe, expect, it } from 'vitest';
import { comparisonRows, normaliseGrade, outcomeOf } from './compare.ts';

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
  it('gives each row a verdict, a similarity and a reason; only DIFFERENT is mismatched', () => {
    const nameRow = (fullName: string, sot: string) =>
      comparisonRows({ ...record, fullName }, { ...person, fullName: sot })[0]!;
    expect(nameRow('OKAFOR,  Chinedu-Emeka', 'okafor chinedu emeka')).toMatchObject({
      verdict: 'MATCH',
      similarity: 1,
      reason: null,
      isMismatched: false,
    });
    expect(nameRow('Chinedu Emeka Okafor', 'OKAFOR Chinedu Emeka')).toMatchObject({
      verdict: 'CLOSE',
      reason: 'word order',
      isMismatched: false,
    });
    expect(nameRow('Chinedu Emeka Okafor', 'OKAFOR Chinedu Emeka').similarity).toBeLessThan(1);
    expect(nameRow('Chidi Okafor', 'Chinedu Okafor')).toMatchObject({
      verdict: 'DIFFERENT',
      isMismatched: true,
    });
  });

  it('names a date of birth with day and month swapped, which stays DIFFERENT', () => {
    const [, dob] = comparisonRows(
      { ...record, dateOfBirth: '1985-07-04' },
      { ...person, dateOfBirth: '1985-04-07' },
    );
    expect(dob).toMatchObject({ verdict: 'DIFFERENT', reason: 'day and month swapped', isMismatched: true });
    const [, other] = comparisonRows(
      { ...record, dateOfBirth: '1985-07-05' },
      { ...person, dateOfBirth: '1985-04-07' },
    );
    expect(other).toMatchObject({ verdict: 'DIFFERENT', reason: null, similarity: 0 });
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
    expect(
      outcomeOf(record, { found: true, person: { ...person, dateOfBirth: '1986-03-15' } }),
    ).toMatchObject({
      status: 'MISMATCHED',
      mismatchedFields: ['dateOfBirth'], // the record's history names them (issue #31 item 8)
    });
    expect(outcomeOf(record, { found: true, person }).mismatchedFields).toEqual([]);
    expect(outcomeOf(record, { found: false })).toMatchObject({
      status: 'NOT_FOUND',
      sotVerified: false,
      sotData: null,
    });
    expect(
      outcomeOf(record, { found: true, person: { ...person, biometricsEnrolled: false } }),
    ).toMatchObject({ status: 'NOT_FOUND', sotVerified: false });
  });

  it("keeps the name's verdict for the funnel: exact, close (a title), different; none when not found", () => {
    const same = { ...person, fullName: 'CHINEDU Emeka Okafor' };
    expect(outcomeOf(record, { found: true, person: same }).nameMatch).toBe('EXACT');
    expect(outcomeOf(record, { found: true, person }).nameMatch).toBe('CLOSE'); // word order
    expect(
      outcomeOf({ ...record, fullName: `Alhaji ${record.fullName}` }, { found: true, person: same }),
    ).toMatchObject({ nameMatch: 'CLOSE', status: 'PENDING_GRADE_VALIDATION' });
    expect(
      outcomeOf(record, {
        found: true,
        person: { ...person, fullName: 'Kehinde Zubairu', firstName: 'Kehinde', lastName: 'Zubairu' },
      }).nameMatch,
    ).toBe('DIFFERENT');
    expect(outcomeOf(record, { found: false }).nameMatch).toBeNull();
  });
});
