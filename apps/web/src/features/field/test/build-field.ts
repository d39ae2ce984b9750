import type { SiteList } from '@portal/contract/campaigns';
import type { FieldDesk, FieldExercise, FieldPerson } from '@portal/contract/field';

export const PERSON_ID = '3f0c2a52-8d4e-4c1b-9a6f-2b7d9e1c4a10';
export const OTHER_ID = '7a1b9c3d-2e4f-4a5b-8c6d-0e1f2a3b4c5d';

/** A person of the agent's assignment with no account yet (next step CLAIM). */
export function buildFieldPerson(overrides: Partial<FieldPerson> = {}): FieldPerson {
  return {
    id: PERSON_ID,
    fullName: 'Hafsat Abdullahi',
    psn: 'PSN635465',
    employeeId: 'DM/FIN/99796',
    ministry: 'Ministry of Finance',
    department: 'Treasury',
    status: 'UPLOADED',
    claimed: false,
    lastAppearedOn: null,
    nextStep: 'CLAIM',
    ...overrides,
  };
}

/** A person with an account whose record awaits re-verification (next step REVERIFY). */
export const buildReverifyPerson = (overrides: Partial<FieldPerson> = {}): FieldPerson =>
  buildFieldPerson({ status: 'AWAITING_REVALIDATION', claimed: true, nextStep: 'REVERIFY', ...overrides });

export function buildFieldExercise(overrides: Partial<FieldExercise> = {}): FieldExercise {
  return {
    id: '0b6a1e2c-3d4f-4a5b-9c6d-7e8f9a0b1c2d',
    name: 'Finance headcount 2026',
    state: 'OPEN',
    opensOn: '2026-11-20',
    closesOn: '2026-12-18',
    graceEndsOn: '2026-12-25',
    documents: ['First appointment letter', 'Last promotion letter'],
    inAssignment: 200,
    appeared: 50,
    excused: 2,
    remaining: 148,
    verifiedByMeToday: 7,
    todaySchedule: [
      {
        day: '2026-11-29',
        site: 'Lokoja Secretariat Hall B',
        ministries: [{ id: 'm-1', name: 'Ministry of Finance' }],
        departments: [],
      },
    ],
    ...overrides,
  };
}

export const buildFieldDesk = (exercises: FieldExercise[] = [buildFieldExercise()]): FieldDesk => ({
  today: '2026-11-29',
  exercises,
});

export function buildSiteList(overrides: Partial<SiteList> = {}): SiteList {
  return {
    campaignId: '0b6a1e2c-3d4f-4a5b-9c6d-7e8f9a0b1c2d',
    campaignName: 'Finance headcount 2026',
    site: 'Lokoja Secretariat Hall B',
    days: ['2026-12-01', '2026-12-02'],
    documents: ['First appointment letter'],
    people: [
      {
        id: PERSON_ID,
        fullName: 'Hafsat Abdullahi',
        psn: 'PSN635465',
        ministry: 'Ministry of Finance',
        department: 'Treasury',
        day: '2026-12-01',
        qr: `https://demo.portal.example/dashboard/agent/verify?person=${PERSON_ID}`,
      },
      {
        id: OTHER_ID,
        fullName: 'Musa Bello',
        psn: null,
        ministry: 'Ministry of Finance',
        department: null,
        day: '2026-12-02',
        qr: `https://demo.portal.example/dashboard/agent/verify?person=${OTHER_ID}`,
      },
    ],
    ...overrides,
  };
}
