import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AppealMessage } from '@portal/contract/appeals';
import { formatMediumDateTime } from '../../../lib/format.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.detail;

/** The questions asked and the answers given, oldest first. */
export function AppealMessages({ messages }: { messages: readonly AppealMessage[] }) {
  if (messages.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.noMessages}
      </Typography>
    );
  return (
    <Box component="ol" aria-label={texts.messages} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {messages.map((m) => (
        <Box
          component="li"
          key={m.id}
          data-message={m.type}
          sx={{
            py: 1.5,
            pl: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            borderLeft: 4,
            borderLeftColor: m.type === 'QUESTION' ? 'primary.main' : 'success.main',
          }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            <strong>{m.type === 'QUESTION' ? texts.question : texts.answer}</strong>
            {' · '}
            <time dateTime={m.at}>{formatMediumDateTime(m.at)}</time>
            {m.byEmail ? ` · ${m.byEmail}` : ''}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
