import { INTEGRITY_RULE_LABELS } from '@portal/contract/integrity';

/**
 * A change of the tenant's settings in words (issue #30): the settings screen's pending changes
 * and the 'Pending my approval' card of a SETTINGS_CHANGE say each setting as the screen names it.
 */
export const SETTING_CHANGE_TEXTS = {
  on: 'On',
  off: 'Off',
  names: {
    secondApprover: 'Require a second approver',
    'integrity.retirementAge': 'Retirement age',
    'integrity.serviceLimitYears': 'Service limit (years)',
    timeZone: 'Time zone',
    appealDeadlineDays: 'Appeal deadline (days)',
  } as Record<string, string>,
  rule: (code: string) =>
    `Integrity rule: ${(INTEGRITY_RULE_LABELS as Record<string, string>)[code] ?? code}`,
} as const;

/** A setting's name ('integrity.rules.DUPLICATE_BVN' reads as its rule). */
export function settingName(path: string): string {
  const rule = /^integrity\.rules\.(.+)$/.exec(path);
  return rule ? SETTING_CHANGE_TEXTS.rule(rule[1]!) : (SETTING_CHANGE_TEXTS.names[path] ?? path);
}

/** A setting's value in words (true and false read On and Off). */
export function settingValue(value: unknown): string {
  if (value === true) return SETTING_CHANGE_TEXTS.on;
  if (value === false) return SETTING_CHANGE_TEXTS.off;
  return value === undefined || value === null ? '—' : String(value);
}

/** 'Require a second approver: On → Off'. */
export const settingChangeLine = (c: { setting: string; before: unknown; after: unknown }) =>
  `${settingName(c.setting)}: ${settingValue(c.before)} → ${settingValue(c.after)}`;
