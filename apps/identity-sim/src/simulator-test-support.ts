import type { OptimaPerson } from '@portal/optima/protocol';
import { FilePopulation } from './population.ts';

/** Test data factories for the simulator's tests. */
export function buildPerson(overrides: Partial<OptimaPerson> = {}): OptimaPerson {
  return {
    nin: '12345678901',
    ssid: 'SS00000001',
    psn: 'PSN000001',
    fullName: 'Ngozi Adaeze Okafor',
    firstName: 'Ngozi',
    lastName: 'Okafor',
    dateOfBirth: '1984-03-09',
    gender: 'F',
    ministry: 'Ministry of Health',
    department: 'Nursing Services',
    gradeLevel: 'GL 09',
    biometricsEnrolled: true,
    ...overrides,
  };
}

export function buildPopulation(people: readonly OptimaPerson[]): FilePopulation {
  return new FilePopulation(new Map(people.map((person) => [person.nin, person])));
}

/** NINs of a numbered test population: 10000000000, 10000000001, … */
export function ninOf(index: number): string {
  return String(10_000_000_000 + index);
}
