import type { Campaign, CampaignProgress, CampaignReport, NoShowsPage } from '@portal/contract/campaigns';
import { buildAppealFigures } from '../../../test/build-appeal-figures.ts';
import { builder } from '../../../test/builder.ts';

const HEALTH = { id: '0b4f2c1e-5d6a-4c8e-9f10-2a3b4c5d6e7f', name: 'Ministry of Health' };
const NURSING = { id: '1c5e3d2f-6e7b-4d9f-8a21-3b4c5d6e7f80', name: 'Nursing Services' };

/** An exercise of the Ministry of Health, open from Nov 20 to Dec 4, 2026, today Nov 24. */
export const buildExercise = builder<Campaign>(() => ({
  id: 'c-1',
  name: 'Health headcount 2026',
  allRecords: false,
  ministries: [HEALTH],
  departments: [],
  opensOn: '2026-11-20',
  closesOn: '2026-12-04',
  graceDays: 7,
  graceEndsOn: '2026-12-11',
  documents: ['Letter of first appointment', 'National ID card'],
  state: 'OPEN',
  today: '2026-11-24',
  createdByEmail: 'tenant.admin@demo.local',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  extensions: [],
}));

/** Its progress: 12 of 40 appeared, 2 excused, 26 remaining, one agent. */
export const buildProgress = builder<CampaignProgress>(() => ({
  campaignId: 'c-1',
  state: 'OPEN',
  today: '2026-11-24',
  daysLeft: 11,
  computedAt: '2026-11-24T09:30:00.000Z',
  inScope: 40,
  appeared: 12,
  late: 0,
  excused: 2,
  remaining: 26,
  remainingMonthlyPay: 3_250_000.5,
  remainingPayUnknown: 1,
  byMinistry: [
    {
      ministry: HEALTH,
      department: NURSING,
      inScope: 40,
      appeared: 12,
      late: 0,
      excused: 2,
      remaining: 26,
      remainingMonthlyPay: 3_250_000.5,
      remainingPayUnknown: 1,
    },
  ],
  byAgent: [
    {
      agent: { id: 'u-9', email: 'agent@demo.local' },
      appeared: 5,
      byDay: [
        { day: '2026-11-21', appeared: 2 },
        { day: '2026-11-23', appeared: 3 },
      ],
    },
  ],
  byDay: [
    { day: '2026-11-20', appeared: 3, online: 3, withAgent: 0 },
    { day: '2026-11-21', appeared: 4, online: 2, withAgent: 2 },
    { day: '2026-11-22', appeared: 0, online: 0, withAgent: 0 },
    { day: '2026-11-23', appeared: 5, online: 2, withAgent: 3 },
    { day: '2026-11-24', appeared: 0, online: 0, withAgent: 0 },
  ],
}));

/** No no-show yet: the list is drawn after the grace. */
export const buildNoShowsPage = builder<NoShowsPage>(() => ({
  items: [],
  total: 0,
  page: 1,
  pageSize: 10,
  listed: false,
  graceEndsOn: '2026-12-11',
  monthlyPay: 0,
  payUnknown: 0,
  suspendable: 0,
  suspensionPending: false,
}));

export const buildReport = builder<CampaignReport>(() => ({
  campaignId: 'c-1',
  name: 'Health headcount 2026',
  state: 'OPEN',
  opensOn: '2026-11-20',
  closesOn: '2026-12-04',
  graceEndsOn: '2026-12-11',
  today: '2026-11-24',
  inScope: 40,
  appeared: 12,
  late: 0,
  excused: 2,
  noShows: 0,
  suspended: 0,
  stillSuspended: 0,
  monthlyPayHeld: 0,
  payUnknownHeld: 0,
  byMinistry: [],
  appeals: buildAppealFigures(),
}));
