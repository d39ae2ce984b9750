import type { AppealFigures } from '@portal/contract/appeals';
import { builder } from './builder.ts';

/** What appeals came to (the overview's and an exercise report's `appeals`): none unless said. */
export const buildAppealFigures = builder<AppealFigures>(() => ({
  received: 0,
  decided: 0,
  decidedOnTime: 0,
  byDecision: { UPHELD: 0, PARTLY_UPHELD: 0, REJECTED: 0, WITHDRAWN: 0 },
  reinstated: 0,
  arrearsOwed: 0,
  arrearsPayUnknown: 0,
}));
