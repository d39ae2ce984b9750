import { describe, expect, it } from 'vitest';
import { auditValueText } from './audit-event-table.tsx';

describe("the audit log's values (issue #31 item 8)", () => {
  it("names a bulk verification's mismatched fields by their labels", () => {
    expect(auditValueText(['fullName', 'dateOfBirth', 'gradeLevel'], 'mismatchedFields')).toBe(
      'Name, Date of Birth, Grade Level',
    );
  });
});
