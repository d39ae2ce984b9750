import type { IntegrityFlag, IntegritySummary } from '@portal/contract/integrity';
import { INTEGRITY_RULE_LABELS, INTEGRITY_RULES } from '@portal/contract/integrity';
import { builder } from './builder.ts';

/** The integrity figures as the server answers them: evaluated today, nothing flagged unless said. */
export const buildIntegritySummary = builder<IntegritySummary>(() => ({
  status: 'CURRENT',
  evaluatedAt: '2026-11-24T09:30:00.000Z',
  asOf: '2026-11-24',
  progress: null,
  rules: INTEGRITY_RULES.map((code) => ({
    code,
    label: INTEGRITY_RULE_LABELS[code],
    enabled: true,
    flaggedRecords: 0,
    monthlyAmount: 0,
    payUnknownRecords: 0,
    ...(code === 'PAID_AFTER_EXIT' ? { recoverableAmount: 0 } : {}),
  })),
  flaggedRecords: 0,
  monthlyAmount: 0,
  payUnknownRecords: 0,
  recoverableAmount: 0,
  byMinistry: [],
}));

/** An open retirement-age flag of a Ministry of Health nurse on ₦250,000.50 a month. */
export const buildIntegrityFlag = builder<IntegrityFlag>(() => ({
  id: 'f-1',
  recordId: 'r-1',
  psn: 'PSN1001',
  fullName: 'Ada Ngozi Obi',
  ministry: 'Ministry of Health',
  department: 'Nursing Services',
  recordStatus: 'VALIDATED',
  rule: 'PAST_RETIREMENT_AGE',
  evidence: {
    kind: 'AGE',
    age: 61,
    asOf: '2026-11-24',
    dateOfBirth: '1965-03-10',
    dateOfBirthSource: 'UPLOAD',
    retirementAge: 60,
  },
  monthlyAmount: 250000.5,
  status: 'OPEN',
  raisedAt: '2026-11-24T09:30:00.000Z',
  decision: null,
}));
