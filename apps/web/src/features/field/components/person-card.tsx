import { useCallback, useState, type ReactNode } from 'react';
import type { FieldPerson } from '@portal/contract/field';
import { Alert } from '../../../field-kit/alert.tsx';
import { Button } from '../../../field-kit/button.tsx';
import { Icon } from '../../../field-kit/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatCalendarDate } from '../../../lib/calendar-date.ts';
import { formatRecordStatus } from '../../../lib/record-status-label.ts';
import { useRemote } from '../../../lib/use-remote.ts';
import { fetchPerson } from '../api/field-calls.ts';
import { FIELD_TEXTS } from '../field-texts.ts';
import { LoadingLine } from './loading-line.tsx';
import { ReverifyForm, type ReverifyState } from './reverify-form.tsx';

const texts = FIELD_TEXTS.person;
const DASH = '\u2014';

export interface PersonCardProps {
  personId: string;
  /** The person as a search answered them: no second call for the card. */
  known?: FieldPerson;
  /** Changes when a claim or a re-verification changed the people: the person is read again. */
  refresh?: number;
  onClose: () => void;
  /** The identity check below is ready for this person's claim (next step CLAIM). */
  onStartCheck: (person: FieldPerson) => void;
  /** A re-verification passed: the desk reads its people again. */
  onReverified: () => void;
  /** What else the agent may do for the person: the appeals' 'Lodge an appeal with them' (issue #34). */
  extraActions?: (person: FieldPerson) => ReactNode;
}

/** The chosen person: who they are, where they work, and what the agent does next. */
export function PersonCard({
  personId,
  known,
  refresh = 0,
  onClose,
  onStartCheck,
  onReverified,
  extraActions,
}: PersonCardProps) {
  const load = useCallback(() => fetchPerson(personId), [personId]);
  const person = useRemote(load, { initial: known, refresh });
  // Held here, above the person's data: once the check passes the person is read again and their
  // next step is no longer REVERIFY, yet the form and the server's answer stay.
  const [reverify, setReverify] = useState<ReverifyState>({ status: 'idle' });
  const [helping, setHelping] = useState(false);
  // A refetch that fails keeps the person shown: only a first load's failure is said.
  const failed = person.failed && !person.data;
  const notFound = failed && person.error instanceof ApiError && person.error.status === 404;
  return (
    <section
      aria-labelledby="field-person-title"
      data-testid="field-person-card"
      className="fk-sheet fk-sheet--primary fk-person"
    >
      <div className="fk-person__head">
        <h3 id="field-person-title" className="fk-h6 fk-person__title">
          {person.data?.fullName ?? texts.title}
        </h3>
        <button
          type="button"
          className="fk-icon-button fk-person__close"
          aria-label={texts.close}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      {!person.data && !failed && <LoadingLine message={texts.loading} />}
      {notFound && (
        <Alert severity="warning" className="fk-gap-top">
          {texts.notFound}
        </Alert>
      )}
      {failed && !notFound && (
        <Alert severity="error" className="fk-gap-top">
          {texts.failed}
        </Alert>
      )}
      {person.data && (
        <PersonDetails
          person={person.data}
          onStartCheck={onStartCheck}
          onReverify={helping ? undefined : () => setHelping(true)}
        />
      )}
      {person.data && extraActions?.(person.data)}
      {person.data && helping && (
        <div className="fk-gap-top">
          <p className="fk-body2 fk-person__hint">{texts.reverifyHint}</p>
          <ReverifyForm
            recordId={person.data.id}
            state={reverify}
            onStateChange={setReverify}
            onReverified={onReverified}
            label={texts.reverifyForm(person.data.fullName)}
          />
        </div>
      )}
    </section>
  );
}

function PersonDetails({
  person,
  onStartCheck,
  onReverify,
}: {
  person: FieldPerson;
  onStartCheck: (person: FieldPerson) => void;
  /** Opens the re-verification form; absent once it is open. */
  onReverify: (() => void) | undefined;
}) {
  const step = FIELD_TEXTS.nextStep[person.nextStep];
  const facts: [string, string][] = [
    [texts.psn, person.psn ?? DASH],
    [texts.workId, person.employeeId ?? DASH],
    [texts.ministry, person.ministry ?? DASH],
    [texts.department, person.department ?? DASH],
    [texts.account, person.claimed ? texts.claimed : texts.notClaimed],
    [texts.lastAppeared, person.lastAppearedOn ? formatCalendarDate(person.lastAppearedOn) : texts.never],
    [texts.status, formatRecordStatus(person.status)],
  ];
  return (
    <>
      <dl className="fk-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="fk-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Alert severity={person.nextStep === 'NONE' ? 'success' : 'info'} className="fk-gap-top">
        <p className="fk-body2 fk-strong-text">
          {texts.nextStep}: {step.label}
        </p>
        {step.hint}
      </Alert>
      {person.nextStep === 'CLAIM' && (
        <Button fullWidth className="fk-gap-top" onClick={() => onStartCheck(person)}>
          {texts.startCheck}
        </Button>
      )}
      {person.nextStep === 'REVERIFY' && onReverify && (
        <Button fullWidth className="fk-gap-top" onClick={onReverify}>
          {texts.reverify}
        </Button>
      )}
    </>
  );
}
