import type { DIALOG_ROLES } from '@portal/contract/people';
import { titleCase } from '../../../lib/format.ts';

export type RoleTone = 'red' | 'amber' | 'blue' | 'default';

/** Badge colours of SPEC §6: TENANT_ADMIN red, REVIEWER amber, AGENT blue, any other the default. */
const ROLE_TONES: Partial<Record<string, RoleTone>> = {
  TENANT_ADMIN: 'red',
  REVIEWER: 'amber',
  AGENT: 'blue',
};

export function roleTone(role: string): RoleTone {
  return ROLE_TONES[role] ?? 'default';
}

/** Roles whose title-cased code does not read as the screens name them ('Self-Service Users'). */
const ROLE_LABELS: Partial<Record<string, string>> = { SELF_SERVICE_USER: 'Self-Service User' };

/** 'TENANT_ADMIN' → 'Tenant Admin', 'SELF_SERVICE_USER' → 'Self-Service User'. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? titleCase(role);
}

/** Labels of the dialog's roles (SPEC §6 offers Agent and SELF_SERVICE_USER): never a bare code. */
export const DIALOG_ROLE_LABELS: Record<(typeof DIALOG_ROLES)[number], string> = {
  AGENT: roleLabel('AGENT'),
  SELF_SERVICE_USER: roleLabel('SELF_SERVICE_USER'),
};
