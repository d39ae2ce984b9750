import type { QueueKind } from './api/validation-keys.ts';

/** The tenant admin's Validation Queue tab, or a reviewer's own tasks (SPEC §2). */
export type QueueVariant = 'tenant' | 'reviewer';

export type QueueColumn =
  'employee' | 'department' | 'ministry' | 'grade' | 'salaryGradeId' | 'salaryStructure' | 'actions';

export type RowAction = 'approve' | 'edit' | 'reject' | 'resolve' | 'history';

/** The reviewer sees Employee, Department, Ministry, Grade and Actions only. */
export const QUEUE_COLUMNS: Record<QueueVariant, readonly QueueColumn[]> = {
  tenant: ['employee', 'department', 'ministry', 'grade', 'salaryGradeId', 'salaryStructure', 'actions'],
  reviewer: ['employee', 'department', 'ministry', 'grade', 'actions'],
};

/** Row actions by queue; only the tenant admin may reject a mismatched record outright. */
export function rowActions(variant: QueueVariant, kind: QueueKind): readonly RowAction[] {
  if (kind === 'pending') return ['approve', 'edit', 'reject', 'history'];
  return variant === 'tenant' ? ['resolve', 'edit', 'reject', 'history'] : ['resolve', 'edit', 'history'];
}
