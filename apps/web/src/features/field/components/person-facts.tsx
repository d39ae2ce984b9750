import type { FieldPerson } from '@portal/contract/field';
import { formatCalendarDate } from '../../../lib/calendar-date.ts';
import { FIELD_TEXTS } from '../field-texts.ts';

const texts = FIELD_TEXTS.person;
const DASH = '\u2014';

/** Ministry · Department, or a dash. */
const posting = (person: FieldPerson) =>
  [person.ministry, person.department].filter((part) => part !== null).join(' \u00b7 ') || DASH;

/** Whether the person claimed an account, when they last appeared, and what to do next. */
function PersonChips({ person }: { person: FieldPerson }) {
  const step = FIELD_TEXTS.nextStep[person.nextStep];
  return (
    <span className="fk-chips">
      <span className={person.claimed ? 'fk-chip fk-chip--success' : 'fk-chip'}>
        {person.claimed ? texts.claimed : texts.notClaimed}
      </span>
      <span className="fk-chip">
        {`${texts.lastAppeared}: ${person.lastAppearedOn ? formatCalendarDate(person.lastAppearedOn) : texts.never}`}
      </span>
      <span className={person.nextStep === 'NONE' ? 'fk-chip fk-chip--filled' : 'fk-chip fk-chip--primary'}>
        {`${texts.nextStep}: ${step.label}`}
      </span>
    </span>
  );
}

/** A search result's lines: name, PSN and Work ID, posting, then the chips (inside a button: spans). */
export function PersonFacts({ person }: { person: FieldPerson }) {
  return (
    <span className="fk-person-facts">
      <span className="fk-person-facts__name">{person.fullName}</span>
      <span className="fk-body2">
        {texts.psn} {person.psn ?? DASH}
        {person.employeeId && ` \u00b7 ${texts.workId} ${person.employeeId}`}
      </span>
      <span className="fk-body2 fk-secondary">{posting(person)}</span>
      <PersonChips person={person} />
    </span>
  );
}
