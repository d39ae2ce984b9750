import type { DIALOG_ROLES } from '@portal/contract/people';

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

/** 'TENANT_ADMIN' → 'Tenant Admin', 'SELF_SERVICE_USER' → 'Self Service User'. */
export function roleLabel(role: string): string {
  return role
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Labels of the dialog's roles, as SPEC §6 words them: 'Agent' and the literal 'SELF_SERVICE_USER'. */
export const DIALOG_ROLE_LABELS: Record<(typeof DIALOG_ROLES)[number], string> = {
  AGENT: 'Agent',
  SELF_SERVICE_USER: 'SELF_SERVICE_USER',
};
