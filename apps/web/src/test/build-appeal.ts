import type { Appeal, AppealListItem, AppealsPage } from '@portal/contract/appeals';
import { builder } from './builder.ts';

/** An appeal as the API returns it: a suspended nurse's, open and on track, unless overridden. */
export const buildAppeal = builder<Appeal>(() => ({
  id: 'a-1',
  recordId: 'r-1',
  fullName: 'Ada Ngozi Obi',
  psn: 'PSN100001',
  ministry: 'Ministry of Health',
  department: 'Nursing Services',
  recordStatus: 'SUSPENDED',
  appealedStatus: 'SUSPENDED',
  kind: 'WAS_PRESENT',
  grounds: 'I was at the screening site on the first day; the agent can confirm.',
  channel: 'EMPLOYEE',
  status: 'OPEN',
  lodgedAt: '2026-11-20T09:00:00.000Z',
  lodgedByEmail: 'ada@demo.local',
  deadline: '2026-12-20T09:00:00.000Z',
  deadlineState: 'ON_TRACK',
  daysLeft: 21,
  handler: null,
  decision: null,
  decisionNote: null,
  decidedAt: null,
  decidedByEmail: null,
  pendingDecision: null,
  reinstatedTo: null,
  arrears: null,
  messages: [],
  attachments: [],
}));

export function listItemOf(appeal: Appeal): AppealListItem {
  const { messages: _m, attachments: _a, grounds: _g, ...item } = appeal;
  return item;
}

export function appealsPage(...appeals: Appeal[]): AppealsPage {
  return { items: appeals.map(listItemOf), total: appeals.length, page: 1, pageSize: 10 };
}
