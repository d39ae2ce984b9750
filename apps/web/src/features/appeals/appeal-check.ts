import { APPEAL_KINDS, APPEAL_LIMITS, type AppealKind } from '@portal/contract/appeal-texts';

/**
 * An appeal's kind and grounds checked by hand as AppealCreateSchema checks them (the field agent's
 * page loads no zod, issue #32): the first message per field, the grounds trimmed.
 * `appeal-check.test.ts` feeds the same samples to both.
 */
export function checkAppeal({ kind, grounds }: { kind: string; grounds: string }): {
  values: { kind: AppealKind; grounds: string };
  errors: { kind?: string; grounds?: string };
} {
  const errors: { kind?: string; grounds?: string } = {};
  if (!APPEAL_KINDS.includes(kind as AppealKind))
    errors.kind = `kind must be one of ${APPEAL_KINDS.join(', ')}`;
  const trimmed = grounds.trim();
  if (trimmed === '') errors.grounds = 'Grounds are required';
  else if (trimmed.length > APPEAL_LIMITS.groundsMax)
    errors.grounds = `Cannot exceed ${APPEAL_LIMITS.groundsMax} characters`;
  return { values: { kind: kind as AppealKind, grounds: trimmed }, errors };
}
