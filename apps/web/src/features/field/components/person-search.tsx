import { useCallback, useState, type FormEvent } from 'react';
import type { FieldPerson } from '@portal/contract/field';
import { FIELD_SEARCH_MAX, fieldPersonIdOf } from '@portal/contract/field-paths';
import { Alert } from '../../../field-kit/alert.tsx';
import { Icon } from '../../../field-kit/icons.tsx';
import { TextField } from '../../../field-kit/text-field.tsx';
import { useRemote } from '../../../lib/use-remote.ts';
import { searchPeople } from '../api/field-calls.ts';
import { FIELD_TEXTS } from '../field-texts.ts';
import { PersonFacts } from './person-facts.tsx';

const texts = FIELD_TEXTS.search;

export interface PersonSearchProps {
  /** The agent chose a person (from the results, or a scanned code that names one). */
  onChoose: (person: { id: string; known?: FieldPerson }) => void;
  /**
   * A person's card is open: the results step aside, so that on a phone the card is right under
   * the search and not below twenty names. Closing the card shows them again.
   */
  resultsHidden?: boolean;
  /** Changes when a claim or a re-verification changed the people: the answer is asked again. */
  refresh?: number;
}

/**
 * 'Find a person': asked on Search (not on every letter: a field connection is slow and costly).
 * A scanner that types a printed list's QR link opens that person straight away.
 */
export function PersonSearch({ onChoose, resultsHidden = false, refresh = 0 }: PersonSearchProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const load = useCallback(() => searchPeople(q), [q]);
  const search = useRemote(q === '' ? null : load, { refresh });
  const succeeded = q !== '' && !search.failed && search.data !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '') return;
    const scanned = fieldPersonIdOf(value);
    if (scanned) {
      setText('');
      onChoose({ id: scanned });
      return;
    }
    if (value === q) search.reload();
    else setQ(value);
  };

  const people = resultsHidden ? [] : (search.data?.people ?? []);
  return (
    <section aria-labelledby="field-search-title">
      <h3 id="field-search-title" className="fk-h6">
        {texts.title}
      </h3>
      <form role="search" className="fk-search" onSubmit={submit}>
        <TextField
          label={texts.label}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          helperText={texts.hint}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={FIELD_SEARCH_MAX}
          className="fk-search__field"
        />
        <button
          type="submit"
          className="fk-button fk-button--contained fk-search__submit"
          aria-label={texts.submit}
          aria-busy={search.fetching}
        >
          {search.fetching ? <span className="fk-spinner" aria-hidden="true" /> : <Icon name="search" />}
        </button>
      </form>

      <div aria-live="polite" className="fk-search__status">
        {search.failed && <Alert severity="error">{texts.failed}</Alert>}
        {succeeded && !resultsHidden && people.length === 0 && (
          <p className="fk-secondary">{texts.none(q)}</p>
        )}
        {succeeded && people.length > 0 && (
          <p className="fk-body2 fk-secondary">{texts.results(people.length)}</p>
        )}
      </div>
      {people.length > 0 && (
        <ul aria-label={texts.title} className="fk-results">
          {people.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                className="fk-result"
                onClick={() => onChoose({ id: person.id, known: person })}
              >
                <PersonFacts person={person} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {search.data?.more && !resultsHidden && (
        <Alert severity="info" className="fk-search__more">
          {texts.more}
        </Alert>
      )}
    </section>
  );
}
