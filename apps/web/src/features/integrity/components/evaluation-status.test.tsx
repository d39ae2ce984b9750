import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { buildIntegritySummary } from '../../../test/build-integrity-summary.ts';
import { EvaluationStatus } from './evaluation-status.tsx';

// Issue #31 item 12: "Rules evaluated as of Nov 28, 2026 (Nov 27, 2026, 11:06 PM)" told two days
// in two zones (the as-of day in Lagos, the run's time in the browser's).
describe('the evaluation status', () => {
  const summary = buildIntegritySummary({
    status: 'CURRENT',
    asOf: '2026-11-28',
    evaluatedAt: '2026-11-27T23:06:00.000Z',
  });

  it("tells one moment in the tenant's zone", () => {
    render(<EvaluationStatus summary={summary} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Rules evaluated as of Nov 28, 2026, 12:06\sAM$/);
  });

  it("in another tenant's zone, the day there", () => {
    setDisplayTimeZone('America/Los_Angeles');
    render(<EvaluationStatus summary={{ ...summary, asOf: '2026-11-27' }} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Rules evaluated as of Nov 27, 2026, 3:06\sPM$/);
  });
});
