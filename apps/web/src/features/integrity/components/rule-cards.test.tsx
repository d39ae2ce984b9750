import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { buildIntegritySummary } from '../../../test/build-integrity-summary.ts';
import { RuleCards } from './rule-cards.tsx';

// Issue #36: the account numbers that cannot exist have a card of their own, with their ₦ a month,
// that filters the flags by the rule.
describe('the rule cards', () => {
  const rules = buildIntegritySummary().rules.map((r) =>
    r.code === 'INVALID_ACCOUNT_NUMBER' ? { ...r, flaggedRecords: 4, monthlyAmount: 1234567.8 } : r,
  );

  it('shows INVALID_ACCOUNT_NUMBER with its records and ₦ at stake, and filters by it', () => {
    const onSelect = vi.fn();
    render(<RuleCards rules={rules} selected={null} onSelect={onSelect} />);
    const card = screen.getByRole('button', { name: /^Account number that cannot exist: / });
    expect(card.getAttribute('aria-label')).toMatch(/: 4 records, ₦1,234,567\.80 a month/);
    expect(card.textContent).toContain('₦1,234,567.80');
    fireEvent.click(card);
    expect(onSelect).toHaveBeenCalledWith('INVALID_ACCOUNT_NUMBER');
  });
});
