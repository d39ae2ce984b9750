import { EXPORT_MESSAGES } from '@portal/contract/exports';
import type { SalaryGradeConflict } from './exports.repo.ts';

/** The refusal's text: the first records by PSN and name, with their grade and salary grade id. */
export function salaryGradeRefusal(found: { total: number; first: SalaryGradeConflict[] }): string {
  return EXPORT_MESSAGES.salaryGradeConflicts(
    found.total,
    found.first.map((r) => `${r.psn ?? 'no PSN'} ${r.fullName} (${r.gradeLevel}, ${r.salaryGradeId})`),
  );
}
