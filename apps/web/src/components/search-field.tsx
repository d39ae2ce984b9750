import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { MAX_SEARCH_LENGTH } from '@portal/contract/records';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

export const SEARCH_TEXTS = {
  label: 'Search by name, PSN or Work ID',
  clear: 'Clear search',
} as const;

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchFieldProps {
  /** The search the list shows (trimmed); setting it to '' from outside empties the box. */
  value: string;
  /** The trimmed text, once typing has paused for SEARCH_DEBOUNCE_MS (at once when cleared). */
  onSearch: (value: string) => void;
}

/**
 * The lists' search box (issue #17): a person by name, PSN or Work ID, searched on the server. The
 * box shows what is typed at once; the list follows when typing pauses.
 */
export function SearchField({ value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  // A search changed from outside (Clear Filters) replaces what the box holds.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };
  useEffect(() => {
    const next = settled.trim();
    if (next !== latest.current.value) latest.current.onSearch(next);
  }, [settled]);

  const clear = () => {
    setText('');
    if (value !== '') onSearch('');
  };
  return (
    <TextField
      size="small"
      type="search"
      label={SEARCH_TEXTS.label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text !== '') {
          event.preventDefault();
          clear();
        }
      }}
      sx={{
        width: '100%',
        maxWidth: 480,
        // The box's own clear button stands for the browser's.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
      slotProps={{
        htmlInput: { maxLength: MAX_SEARCH_LENGTH, autoComplete: 'off', spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" aria-hidden="true" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={SEARCH_TEXTS.clear} onClick={clear}>
                <Close fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
