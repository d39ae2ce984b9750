import { pickWeighted, type Random } from './prng.ts';

/**
 * The demo state's civil service: ministries, their departments and the grade-level pyramid.
 * Shared by generated people and the sample master list so both describe the same state.
 */
export interface DemoMinistry {
  name: string;
  /** Short code used in employee IDs, e.g. DM/HLT/00412. */
  code: string;
  /** Relative head count: teachers and health workers dominate a state payroll. */
  weight: number;
  departments: readonly DemoDepartment[];
}

export interface DemoDepartment {
  name: string;
  weight: number;
  /** Harmonised salary structure of the cadre: CONMESS doctors, CONHESS other health workers. */
  salaryStructure: 'CONPSS' | 'CONHESS' | 'CONMESS' | 'CONJUSS';
}

export const DEMO_MINISTRIES: readonly DemoMinistry[] = [
  {
    name: 'Ministry of Education',
    code: 'EDU',
    weight: 34,
    departments: [
      { name: 'Basic Education', weight: 5, salaryStructure: 'CONPSS' },
      { name: 'Secondary Education', weight: 4, salaryStructure: 'CONPSS' },
      { name: 'Planning, Research and Statistics', weight: 1, salaryStructure: 'CONPSS' },
      { name: 'Schools Inspectorate', weight: 1, salaryStructure: 'CONPSS' },
    ],
  },
  {
    name: 'Ministry of Health',
    code: 'HLT',
    weight: 24,
    departments: [
      { name: 'Medical Services', weight: 2, salaryStructure: 'CONMESS' },
      { name: 'Nursing Services', weight: 4, salaryStructure: 'CONHESS' },
      { name: 'Public Health', weight: 2, salaryStructure: 'CONHESS' },
      { name: 'Pharmaceutical Services', weight: 1, salaryStructure: 'CONHESS' },
    ],
  },
  {
    name: 'Ministry of Finance',
    code: 'FIN',
    weight: 10,
    departments: [
      { name: 'Treasury', weight: 2, salaryStructure: 'CONPSS' },
      { name: 'Budget', weight: 1, salaryStructure: 'CONPSS' },
      { name: 'Internal Audit', weight: 1, salaryStructure: 'CONPSS' },
    ],
  },
  {
    name: 'Ministry of Works and Housing',
    code: 'WKS',
    weight: 12,
    departments: [
      { name: 'Roads and Bridges', weight: 2, salaryStructure: 'CONPSS' },
      { name: 'Housing', weight: 1, salaryStructure: 'CONPSS' },
      { name: 'Mechanical and Electrical', weight: 1, salaryStructure: 'CONPSS' },
    ],
  },
  {
    name: 'Ministry of Agriculture',
    code: 'AGR',
    weight: 12,
    departments: [
      { name: 'Agricultural Extension', weight: 2, salaryStructure: 'CONPSS' },
      { name: 'Veterinary Services', weight: 1, salaryStructure: 'CONPSS' },
    ],
  },
  {
    name: 'Ministry of Justice',
    code: 'JUS',
    weight: 8,
    departments: [
      { name: 'Public Prosecutions', weight: 2, salaryStructure: 'CONJUSS' },
      { name: 'Civil Litigation', weight: 1, salaryStructure: 'CONJUSS' },
      { name: 'Legal Drafting', weight: 1, salaryStructure: 'CONPSS' },
    ],
  },
];

/** Grade levels 1–17 weighted as a civil-service pyramid (most staff on GL 06–GL 12). */
const GRADE_WEIGHTS = [1, 1, 2, 3, 4, 6, 9, 10, 10, 9, 7, 7, 5, 4, 3, 2, 1].map(
  (weight, index) => [index + 1, weight] as const,
);

/** Grade levels are written 'GL 08', the form state payroll offices print. */
export function formatGradeLevel(level: number): string {
  return `GL ${String(level).padStart(2, '0')}`;
}

export interface DemoPosting {
  ministry: DemoMinistry;
  department: DemoDepartment;
  gradeLevel: number;
  /** Step within the grade level, 1–15. */
  step: number;
}

/** Draws a posting; consumes a fixed number of random values. */
export function randomPosting(random: Random): DemoPosting {
  const ministry = pickWeighted(
    random,
    DEMO_MINISTRIES.map((m) => [m, m.weight] as const),
  );
  const department = pickWeighted(
    random,
    ministry.departments.map((d) => [d, d.weight] as const),
  );
  const gradeLevel = pickWeighted(random, GRADE_WEIGHTS);
  const step = 1 + Math.floor(random() * 15);
  return { ministry, department, gradeLevel, step };
}
