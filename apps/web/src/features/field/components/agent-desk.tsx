import { useCallback, useState } from 'react';
import type { FieldPerson } from '@portal/contract/field';
import { Alert } from '../../../field-kit/alert.tsx';
import { useRemote } from '../../../lib/use-remote.ts';
import { fetchDesk } from '../api/field-calls.ts';
import { FIELD_TEXTS } from '../field-texts.ts';
import { usePersonParam } from '../person-param.ts';
import { ExerciseCard } from './exercise-card.tsx';
import { LoadingLine } from './loading-line.tsx';
import { PersonCard, type PersonCardProps } from './person-card.tsx';
import { PersonSearch } from './person-search.tsx';

const texts = FIELD_TEXTS.desk;

export interface AgentDeskProps {
  /** Make the identity check ready for the chosen person's claim (the card below the desk). */
  onStartCheck: (person: FieldPerson) => void;
  /** Accounts made by the identity check below so far: each one is read again (card, counts). */
  accountsCreated?: number;
  /** More actions on the person's card (the appeals', put together by the page). */
  personActions?: PersonCardProps['extraActions'];
}

/**
 * The field agent's desk above the identity check (issue #33 item 6), on the field kit (issue #32):
 * the exercises running in its assignment, a search for the person in front of the agent, and that
 * person's card. The chosen person is the address's ?person= (person-param.ts), so a scanned QR
 * code and a search lead to the same card. A claim made below or a re-verification on the card
 * reads the desk, the search and the person again.
 */
export function AgentDesk({ onStartCheck, accountsCreated = 0, personActions }: AgentDeskProps) {
  const [personId, setPersonId] = usePersonParam();
  const [known, setKnown] = useState<FieldPerson | undefined>(undefined);
  const [reverified, setReverified] = useState(0);
  const refresh = accountsCreated + reverified;
  const choose = ({ id, known: person }: { id: string; known?: FieldPerson }) => {
    // A search result is the person as the card shows it: no second call for it.
    setKnown(person);
    setPersonId(id);
  };
  const close = () => {
    setKnown(undefined);
    setPersonId(null);
  };

  return (
    <div className="fk-stack fk-stack--24">
      <RunningExercises refresh={refresh} />
      <PersonSearch onChoose={choose} resultsHidden={personId !== null} refresh={refresh} />
      {personId && (
        <PersonCard
          key={personId}
          personId={personId}
          known={known?.id === personId ? known : undefined}
          refresh={refresh}
          onClose={close}
          onStartCheck={onStartCheck}
          onReverified={() => setReverified((n) => n + 1)}
          extraActions={personActions}
        />
      )}
    </div>
  );
}

function RunningExercises({ refresh }: { refresh: number }) {
  const load = useCallback(() => fetchDesk(), []);
  const desk = useRemote(load, { refresh });
  return (
    <section aria-labelledby="field-desk-title">
      <h3 id="field-desk-title" className="fk-h6 fk-gap-bottom">
        {texts.title}
      </h3>
      {!desk.data && !desk.failed && <LoadingLine message={texts.loading} inline />}
      {desk.failed && !desk.data && (
        <Alert severity="error" className="fk-alert--action">
          <span>{texts.loadFailed}</span>
          <button type="button" className="fk-button fk-button--text" onClick={desk.reload}>
            {texts.retry}
          </button>
        </Alert>
      )}
      {/* body2, as the exercise card's other empty lines: at body1 this line, drawn once the desk
          has answered, was the page's largest text and moved its LCP after the call (issue #32). */}
      {desk.data && desk.data.exercises.length === 0 && <p className="fk-hint">{texts.none}</p>}
      {desk.data && desk.data.exercises.length > 0 && (
        <div className="fk-exercises">
          {desk.data.exercises.map((exercise) => (
            <ExerciseCard key={exercise.id} exercise={exercise} />
          ))}
        </div>
      )}
    </section>
  );
}
