import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_LIMITS } from '@portal/contract/campaigns';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';

const texts = EXERCISES_TEXTS.form;

/**
 * The documents staff bring, as a list: typed one at a time (Enter or Add) and shown as chips that
 * can be removed. An empty or repeated name is not added.
 */
export function DocumentsField({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim();
    if (name && !value.includes(name)) onChange([...value, name]);
    setDraft('');
  };
  const full = value.length >= CAMPAIGN_LIMITS.documentsMax;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {texts.documents}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={texts.document}
          value={draft}
          disabled={full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.documentMax } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="outlined" onClick={add} disabled={full || !draft.trim()}>
          {texts.addDocument}
        </Button>
      </Box>
      <FormHelperText error={error !== undefined}>{error ?? texts.documentsHint}</FormHelperText>
      {value.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {texts.noDocuments}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={texts.documents}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
        >
          {value.map((name) => (
            <Box
              component="li"
              key={name}
              sx={{
                display: 'flex',
                alignItems: 'center',
                maxWidth: '100%',
                pl: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 4,
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              <IconButton
                size="small"
                aria-label={texts.removeDocument(name)}
                onClick={() => onChange(value.filter((d) => d !== name))}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
