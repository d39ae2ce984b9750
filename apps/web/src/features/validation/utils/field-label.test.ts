import { describe, expect, it } from 'vitest';
import { actionLabel } from './field-label.ts';

describe("a record history's action labels", () => {
  it.each([
    ['APPROVAL_REQUESTED', 'Second approval requested'],
    ['APPROVAL_GRANTED', 'Second approval granted'],
    ['APPROVAL_DECLINED', 'Second approval declined'],
    ['APPROVAL_WITHDRAWN', 'Approval request withdrawn'],
    ['RECORD_REJECTED', 'Rejected'],
    ['SOMETHING_NEW', 'Something New'],
  ])('%s reads %s', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });
});
