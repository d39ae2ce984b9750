import type { OptimaPerson } from '@portal/optima/protocol';
import { fullNameOf } from '../apps/identity-sim/src/demo-names.ts';
import { formatGradeLevel } from '../apps/identity-sim/src/demo-org.ts';
import { formatIso, type MasterRow } from './master-list-rows.ts';

/**
 * Derives the simulator's demo population from the master list so that a demo run shows every
 * outcome of DESIGN §6. The outcome of a row depends on its index only: bucket = (index × 37) mod
 * 100 spreads the outcomes over the whole file (37 is coprime with 100, so every block of 100 rows
 * has exactly 90 identical, 4 mismatched, 3 absent and 3 without biometrics).
 */
export type Outcome = 'identical' | 'mismatched' | 'absent' | 'noBiometrics';
export type Variant =
  | 'as listed'
  | 'surname first'
  | 'upper case'
  | 'org fields omitted'
  | 'date of birth'
  | 'name spelling'
  | 'grade level';

export interface DerivedPerson {
  outcome: Outcome;
  variant: Variant;
  /** Undefined when the row is absent from the SoT. */
  person?: OptimaPerson;
}

export function outcomeOf(index: number): Outcome {
  const bucket = (index * 37) % 100;
  if (bucket < 90) return 'identical';
  if (bucket < 94) return 'mismatched';
  if (bucket < 97) return 'absent';
  return 'noBiometrics';
}

/** What the SoT holds for the row as listed: same identity, same name, same posting. */
function faithfulPerson(row: MasterRow): OptimaPerson {
  return {
    nin: row.nin,
    ssid: row.ssid,
    ...(row.psn ? { psn: row.psn } : {}),
    fullName: fullNameOf(row.name),
    firstName: row.name.firstName,
    lastName: row.name.lastName,
    dateOfBirth: formatIso(row.dateOfBirth),
    gender: row.name.gender,
    ministry: row.ministry,
    department: row.department,
    gradeLevel: formatGradeLevel(row.gradeLevel),
    biometricsEnrolled: true,
  };
}

/**
 * Differences the portal must treat as equal (DESIGN §6 compares names case-, spacing- and
 * order-insensitively, and only the posting fields the SoT returns).
 */
function harmlessVariant(row: MasterRow, person: OptimaPerson, index: number): [Variant, OptimaPerson] {
  const kind = Math.floor(index / 7) % 10;
  if (kind < 2) {
    const reordered = [row.name.lastName, row.name.firstName, row.name.middleName].filter(Boolean).join(' ');
    return ['surname first', { ...person, fullName: reordered }];
  }
  if (kind === 2) return ['upper case', { ...person, fullName: person.fullName.toUpperCase() }];
  if (kind < 6) {
    const { ministry: _m, department: _d, gradeLevel: _g, ...withoutPosting } = person;
    return ['org fields omitted', withoutPosting];
  }
  return ['as listed', person];
}

const VOWEL_SWAP: Record<string, string> = { a: 'e', e: 'i', i: 'e', o: 'u', u: 'o' };

/** A plausible transcription error: the surname's last vowel changed (Okafor → Okafur). */
function misspell(surname: string): string {
  for (let i = surname.length - 1; i > 0; i -= 1) {
    const swap = VOWEL_SWAP[surname.charAt(i)];
    if (swap) return surname.slice(0, i) + swap + surname.slice(i + 1);
  }
  return `${surname}h`;
}

/** One compared field differs; which one rotates with the mismatch's ordinal. */
function mismatchedVariant(row: MasterRow, person: OptimaPerson, ordinal: number): [Variant, OptimaPerson] {
  switch (ordinal % 3) {
    case 0: {
      const year = row.dateOfBirth.year + (ordinal % 2 === 0 ? 1 : -1);
      return ['date of birth', { ...person, dateOfBirth: formatIso({ ...row.dateOfBirth, year }) }];
    }
    case 1: {
      const lastName = misspell(row.name.lastName);
      const fullName = fullNameOf({ ...row.name, lastName });
      return ['name spelling', { ...person, lastName, fullName }];
    }
    default: {
      const level = row.gradeLevel === 17 ? 16 : row.gradeLevel + 1;
      return ['grade level', { ...person, gradeLevel: formatGradeLevel(level) }];
    }
  }
}

export function derivePopulation(rows: readonly MasterRow[]): DerivedPerson[] {
  let mismatches = 0;
  return rows.map((row, index): DerivedPerson => {
    const outcome = outcomeOf(index);
    const person = faithfulPerson(row);
    switch (outcome) {
      case 'identical': {
        const [variant, varied] = harmlessVariant(row, person, index);
        return { outcome, variant, person: varied };
      }
      case 'mismatched': {
        const [variant, varied] = mismatchedVariant(row, person, mismatches);
        mismatches += 1;
        return { outcome, variant, person: varied };
      }
      case 'absent':
        return { outcome, variant: 'as listed' };
      case 'noBiometrics':
        return { outcome, variant: 'as listed', person: { ...person, biometricsEnrolled: false } };
    }
  });
}
