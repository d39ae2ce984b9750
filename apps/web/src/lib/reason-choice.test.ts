import { describe, expect, it } from 'vitest';
import { REASON_CODE_MESSAGES } from '@portal/contract/decisions';
import { reasonChoiceErrors, type ReasonOption } from './reason-choice.ts';

const OPTIONS: ReasonOption[] = [
  { code: 'DECEASED', label: 'Deceased', needsNote: false },
  { code: 'ON_SECONDMENT', label: 'On secondment', needsNote: true },
  { code: 'OTHER', label: 'Other (say why in the note)', needsNote: true },
];

describe('reasonChoiceErrors (issue #22)', () => {
  it('asks for a reason, and accepts a reason without a note when it needs none', () => {
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: '', note: '' })).toEqual({
      reasonCode: REASON_CODE_MESSAGES.required,
    });
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: 'DECEASED', note: '' })).toEqual({});
  });

  it('a code that is not offered (retired, another tenant’s) is no reason', () => {
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: 'RETIRED', note: 'x' }).reasonCode).toBe(
      REASON_CODE_MESSAGES.required,
    );
  });

  it.each(['OTHER', 'ON_SECONDMENT'])('%s needs a non-blank note, named after its label', (code) => {
    const label = OPTIONS.find((o) => o.code === code)!.label;
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: code, note: '  ' })).toEqual({
      note: REASON_CODE_MESSAGES.noteRequired(label),
    });
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: code, note: 'Seconded to Lagos' })).toEqual({});
  });

  it('a rejection needs its note whatever the code (SPEC §4–5)', () => {
    const rule = { noteAlways: true, noteRequired: 'A reason is required to reject a record' };
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: 'DECEASED', note: '' }, rule)).toEqual({
      note: rule.noteRequired,
    });
    expect(reasonChoiceErrors(OPTIONS, { reasonCode: 'DECEASED', note: 'Died in May' }, rule)).toEqual({});
  });
});
