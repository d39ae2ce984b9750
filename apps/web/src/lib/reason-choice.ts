import { REASON_CODE_MESSAGES } from '@portal/contract/decisions';

/** A reason a decision can name: one of the tenant's active reason codes (issue #22). */
export interface ReasonOption {
  code: string;
  label: string;
  /** The note must say why (OTHER, and any code the tenant added so). */
  needsNote: boolean;
}

/** What a reject or confirm dialog has chosen so far. */
export interface ReasonChoice {
  reasonCode: string;
  note: string;
}

export type ReasonChoiceErrors = Partial<Record<'reasonCode' | 'note', string>>;

/**
 * Why a choice cannot be sent yet, per field, with the contract's messages: a reason is required,
 * and a reason that needs a note (OTHER) needs a non-blank one. `noteAlways` is for SPEC §4–5's
 * rejection, whose reviewer's reason (the note) is required whatever the code.
 */
export function reasonChoiceErrors(
  options: readonly ReasonOption[],
  choice: ReasonChoice,
  { noteAlways = false, noteRequired }: { noteAlways?: boolean; noteRequired?: string } = {},
): ReasonChoiceErrors {
  const errors: ReasonChoiceErrors = {};
  const option = options.find((o) => o.code === choice.reasonCode);
  if (!option) errors.reasonCode = REASON_CODE_MESSAGES.required;
  const blank = choice.note.trim().length === 0;
  if (blank && option?.needsNote) errors.note = REASON_CODE_MESSAGES.noteRequired(option.label);
  else if (blank && noteAlways && noteRequired) errors.note = noteRequired;
  return errors;
}
