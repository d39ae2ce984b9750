import { z } from 'zod';
import { INTEGRITY_RULES, type IntegrityRule } from './integrity.ts';
import { DEFAULT_TIME_ZONE, TimeZoneSchema } from './time-zone.ts';
import { APPEAL_DEADLINE_DEFAULT_DAYS, APPEAL_DEADLINE_LIMITS } from './appeals.ts';

/**
 * A tenant's settings object (GET/PUT /tenant-admin/settings): one document per tenant, each
 * section with its defaults. Issue #21 brings the integrity rules' thresholds and switches; issue
 * #22 adds its own sections here.
 */
export const INTEGRITY_DEFAULTS = { retirementAge: 60, serviceLimitYears: 35 } as const;
export const SETTINGS_LIMITS = {
  retirementAge: { min: 50, max: 75 },
  serviceLimitYears: { min: 10, max: 50 },
} as const;

const between = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be between ${min} and ${max}`)
    .max(max, `${what} must be between ${min} and ${max}`);

const retirementAge = between('Retirement age', SETTINGS_LIMITS.retirementAge);
const serviceLimitYears = between('Service limit', SETTINGS_LIMITS.serviceLimitYears);
const appealDeadlineDays = between('The appeal deadline', APPEAL_DEADLINE_LIMITS);

const allRulesOn = Object.fromEntries(INTEGRITY_RULES.map((r) => [r, true])) as Record<
  IntegrityRule,
  boolean
>;
const switchOn = () => z.boolean().catch(true).default(true);
const ruleSwitches = z.object(
  Object.fromEntries(INTEGRITY_RULES.map((r) => [r, switchOn()])) as Record<
    IntegrityRule,
    ReturnType<typeof switchOn>
  >,
);

/** The stored settings, read with every default filled (an older or empty document reads whole). */
export const TenantSettingsSchema = z.object({
  integrity: z
    .object({
      retirementAge: retirementAge
        .catch(INTEGRITY_DEFAULTS.retirementAge)
        .default(INTEGRITY_DEFAULTS.retirementAge),
      serviceLimitYears: serviceLimitYears
        .catch(INTEGRITY_DEFAULTS.serviceLimitYears)
        .default(INTEGRITY_DEFAULTS.serviceLimitYears),
      /** Each rule on (true) or off. */
      rules: ruleSwitches.default(allRulesOn),
    })
    .default({ ...INTEGRITY_DEFAULTS, rules: allRulesOn }),
  /**
   * Four-eyes (issue #22): a rejection, an integrity confirmation and a payroll export wait for a
   * different tenant admin's approval. Off by default (SPEC's flow).
   */
  secondApprover: z.boolean().catch(false).default(false),
  /**
   * The tenant's time zone (issue #31 item 12): an IANA name; every instant its screens, file
   * names and files show is written in it (time-zone.ts).
   */
  timeZone: TimeZoneSchema.catch(DEFAULT_TIME_ZONE).default(DEFAULT_TIME_ZONE),
  /** Issue #34: days from an appeal's lodging to its decision's deadline. */
  appealDeadlineDays: appealDeadlineDays
    .catch(APPEAL_DEADLINE_DEFAULT_DAYS)
    .default(APPEAL_DEADLINE_DEFAULT_DAYS),
});
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;

/** PUT /tenant-admin/settings: any part of the object; what is left out keeps its value. */
export const TenantSettingsUpdateSchema = z.strictObject({
  integrity: z
    .strictObject({
      retirementAge: retirementAge.optional(),
      serviceLimitYears: serviceLimitYears.optional(),
      rules: z
        .strictObject(
          Object.fromEntries(
            INTEGRITY_RULES.map((r) => [r, z.boolean({ error: 'Must be true or false' }).optional()]),
          ),
        )
        .optional(),
    })
    .optional(),
  secondApprover: z.boolean({ error: 'secondApprover must be true or false' }).optional(),
  timeZone: TimeZoneSchema.optional(),
  appealDeadlineDays: appealDeadlineDays.optional(),
});
export type TenantSettingsUpdate = z.input<typeof TenantSettingsUpdateSchema>;

/** A change of the settings waiting for a second approver (issue #30). */
export const PendingSettingsChangeSchema = z.object({
  approvalId: z.string(),
  makerEmail: z.string(),
  createdAt: z.string(),
  changes: z.array(z.object({ setting: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type PendingSettingsChange = z.infer<typeof PendingSettingsChangeSchema>;

/**
 * GET/PUT /tenant-admin/settings answer the settings in force and, with the second approver on,
 * the changes waiting for one (a PUT then changes nothing until a different tenant admin approves).
 */
export const TenantSettingsViewSchema = TenantSettingsSchema.extend({
  pendingChanges: z.array(PendingSettingsChangeSchema).default([]),
});
export type TenantSettingsView = z.infer<typeof TenantSettingsViewSchema>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  /** Issue #30: with the second approver on, every change waits for a different tenant admin. */
  awaitsApproval:
    'The change is waiting for a second approver: a different tenant admin must approve it in Pending my approval. The settings stay as they are until then.',
  saveFailed: 'Could not save the settings.',
} as const;
