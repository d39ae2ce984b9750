import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import type { FieldPerson } from '@portal/contract/field';
import { fieldPersonIdOf } from '@portal/contract/campaigns';
import { useSearchPeople } from '../api/search-people.ts';
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
}

/**
 * 'Find a person': asked on Search (not on every letter: a field connection is slow and costly).
 * A scanner that types a printed list's QR link opens that person straight away.
 */
export function PersonSearch({ onChoose, resultsHidden = false }: PersonSearchProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useSearchPeople(q);

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
    if (value === q) void search.refetch();
    else setQ(value);
  };

  const people = resultsHidden ? [] : (search.data?.people ?? []);
  return (
    <Box component="section" aria-labelledby="field-search-title">
      <Typography id="field-search-title" variant="h6" component="h3">
        {texts.title}
      </Typography>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
      >
        <TextField
          label={texts.label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={texts.hint}
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, enterKeyHint: 'search', maxLength: 200 } }}
        />
        <Button
          type="submit"
          variant="contained"
          aria-label={texts.submit}
          loading={search.isFetching}
          sx={{ minWidth: 56, minHeight: 56, flexShrink: 0 }}
        >
          <Search />
        </Button>
      </Box>

      <Box aria-live="polite" sx={{ mt: 1 }}>
        {search.isError && <Alert severity="error">{texts.failed}</Alert>}
        {search.isSuccess && !resultsHidden && people.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{texts.none(q)}</Typography>
        )}
        {search.isSuccess && people.length > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {texts.results(people.length)}
          </Typography>
        )}
      </Box>
      {people.length > 0 && (
        <List aria-label={texts.title} disablePadding sx={{ mt: 0.5 }}>
          {people.map((person) => (
            <ListItemButton
              key={person.id}
              divider
              onClick={() => onChoose({ id: person.id, known: person })}
              sx={{ minHeight: 56, px: 1, display: 'block' }}
            >
              <PersonFacts person={person} />
            </ListItemButton>
          ))}
        </List>
      )}
      {search.data?.more && !resultsHidden && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {texts.more}
        </Alert>
      )}
    </Box>
  );
}
