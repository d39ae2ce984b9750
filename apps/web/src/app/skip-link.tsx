import Link from '@mui/material/Link';
import { MESSAGES } from '@portal/contract/messages';
import { focusMain, MAIN_CONTENT_ID } from '../lib/main-content.ts';

/** First focusable element of every page; visible only while focused. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={focusMain}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {MESSAGES.skipLink}
    </Link>
  );
}
