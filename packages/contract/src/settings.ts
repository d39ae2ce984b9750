import { z } from 'zod';
import { INTEGRITY_RULES, type IntegrityRule } from './integrity.ts';

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
});
export type TenantSettingsUpdate = z.input<typeof TenantSettingsUpdateSchema>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  saveFailed: 'Could not save the settings.',
} as const;
