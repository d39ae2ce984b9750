import { z } from 'zod';
import { CampaignStateSchema, ScheduleEntrySchema } from './campaigns.ts';
import { FIELD_MESSAGES, FIELD_NEXT_STEPS, FIELD_SEARCH_MAX } from './field-paths.ts';
import { requiredString } from './fields.ts';
import { RecordStatusSchema } from './records.ts';

/**
 * The field agent's desk (issue #33 item 6): the open exercises of the agent's assignment, today's
 * schedule, and a search for the person in front of the agent before the identity check. An agent
 * reaches only the people of its assignment (DECISIONS 183).
 */
// The messages and next steps live without zod for the agent's page (issue #32): field-paths.ts.
export { FIELD_MESSAGES, FIELD_NEXT_STEPS };

/** How many people a search answers at most: the agent narrows it with more of the name. */
export const FIELD_SEARCH_LIMIT = 20;

/**
 * What the agent does next for a person: start a claim (no account yet), re-verify (an account whose
 * record awaits re-verification or was suspended as a no-show), or nothing.
 */
export const FieldNextStepSchema = z.enum(FIELD_NEXT_STEPS);
export type FieldNextStep = z.infer<typeof FieldNextStepSchema>;

export const FieldPersonSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  psn: z.string().nullable(),
  employeeId: z.string().nullable(),
  ministry: z.string().nullable(),
  department: z.string().nullable(),
  status: RecordStatusSchema,
  claimed: z.boolean(),
  /** The last day the person appeared (a claim or a re-verification that passed), if ever. */
  lastAppearedOn: z.string().nullable(),
  nextStep: FieldNextStepSchema,
});
export type FieldPerson = z.infer<typeof FieldPersonSchema>;

export const FieldSearchQuerySchema = z.object({
  q: requiredString(FIELD_MESSAGES.searchRequired)
    .trim()
    .min(1, { error: FIELD_MESSAGES.searchRequired })
    .max(FIELD_SEARCH_MAX, { error: FIELD_MESSAGES.searchTooLong }),
});

export const FieldSearchSchema = z.object({
  people: z.array(FieldPersonSchema),
  /** More people matched than the answer holds (FIELD_SEARCH_LIMIT). */
  more: z.boolean(),
});
export type FieldSearch = z.infer<typeof FieldSearchSchema>;

/** An exercise running today that expects people of the agent's assignment, counted over them. */
export const FieldExerciseSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: CampaignStateSchema,
  opensOn: z.string(),
  closesOn: z.string(),
  graceEndsOn: z.string(),
  /** The documents to check (the exercise's checklist). */
  documents: z.array(z.string()),
  /** People of the agent's assignment the exercise expects. */
  inAssignment: z.number(),
  appeared: z.number(),
  excused: z.number(),
  remaining: z.number(),
  /** People this agent helped appear today. */
  verifiedByMeToday: z.number(),
  /** Today's sites with the ministries and departments of the agent's assignment they expect. */
  todaySchedule: z.array(ScheduleEntrySchema),
});
export type FieldExercise = z.infer<typeof FieldExerciseSchema>;

export const FieldDeskSchema = z.object({
  /** Today in the tenant's time zone. */
  today: z.string(),
  exercises: z.array(FieldExerciseSchema),
});
export type FieldDesk = z.infer<typeof FieldDeskSchema>;
