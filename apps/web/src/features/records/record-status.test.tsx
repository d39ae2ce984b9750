import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RECORD_STATUSES } from '@portal/contract/records';
import { RecordStatusChip } from './components/record-status-chip.tsx';
import { statusIconKind, statusLabel, titleCase } from './record-status.ts';

describe('statusLabel', () => {
  it.each([
    ['VALIDATED', 'Validated'],
    ['PENDING_GRADE_VALIDATION', 'Pending Grade Validation'],
    ['AWAITING_REVALIDATION', 'Awaiting Revalidation'],
    ['REJECTED', 'Rejected'],
    ['UPLOADED', 'Uploaded'],
    ['MISMATCHED', 'Mismatched'],
    ['NOT_FOUND', 'Not Found'],
    ['PENDING_SECOND_APPROVAL', 'Pending Second Approval'],
  ])('%s → %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('labels every status of the contract', () => {
    for (const status of RECORD_STATUSES) expect(statusLabel(status)).not.toBe('Unknown');
  });

  it.each(['ARCHIVED', 'validated', '', null, undefined])('shows %s as Unknown', (status) => {
    expect(statusLabel(status)).toBe('Unknown');
  });

  it('title-cases words split by underscores or spaces', () => {
    expect(titleCase('TENANT_ADMIN')).toBe('Tenant Admin');
    expect(titleCase('self service  user')).toBe('Self Service User');
  });
});

describe('status icons', () => {
  it('maps validated to check, rejected to cancel and everything else to help', () => {
    const statuses = [
      'VALIDATED',
      'REJECTED',
      'PENDING_GRADE_VALIDATION',
      'PENDING_SECOND_APPROVAL',
      'SOMETHING_NEW',
    ];
    expect(statuses.map(statusIconKind)).toEqual(['validated', 'rejected', 'other', 'awaiting', 'other']);
  });

  it.each([
    ['VALIDATED', 'Validated', 'CheckCircleOutlinedIcon'],
    ['REJECTED', 'Rejected', 'CancelOutlinedIcon'],
    ['MISMATCHED', 'Mismatched', 'HelpOutlinedIcon'],
    ['PENDING_SECOND_APPROVAL', 'Pending Second Approval', 'HourglassTopOutlinedIcon'],
    ['WHATEVER', 'Unknown', 'HelpOutlinedIcon'],
  ])('renders %s as "%s" with %s', (status, label, icon) => {
    render(<RecordStatusChip status={status} />);
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByTestId(icon)).toBeTruthy();
  });
});
