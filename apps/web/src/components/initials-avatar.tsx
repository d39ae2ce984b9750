import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** First letter of a word, whole code points (never half a surrogate pair), upper-cased. */
function firstLetter(word: string): string {
  return (Array.from(word)[0] ?? '').toLocaleUpperCase('en-US');
}

/** Avatar letters: first letters of the first and last words ('Ada Ngozi Obi' → 'AO'), '?' for none. */
export function initialsOf(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = firstLetter(words[0]!);
  return words.length === 1 ? first : first + firstLetter(words[words.length - 1]!);
}

export interface PersonCellProps {
  fullName: string;
  /** A second, smaller line (e.g. the email). */
  secondary?: string;
}

/** Widest a name runs before it wraps: one long name must not push the table's other columns away. */
export const NAME_MAX_WIDTH = 360;

/** A person in a table cell: initials avatar (decorative), name, optional second line. */
export function PersonCell({ fullName, secondary }: PersonCellProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {/* On a phone the name gets the avatar's room (issue #31: 'Abdull / ahi' beside the actions). */}
      <Avatar
        aria-hidden="true"
        sx={{
          width: 34,
          height: 34,
          fontSize: 14,
          bgcolor: 'primary.main',
          display: { xs: 'none', sm: 'flex' },
        }}
      >
        {initialsOf(fullName)}
      </Avatar>
      <Box sx={{ minWidth: 0, maxWidth: NAME_MAX_WIDTH }}>
        <Typography
          variant="body2"
          component="span"
          sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}
        >
          {fullName}
        </Typography>
        {secondary && (
          <Typography
            variant="caption"
            component="span"
            sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {secondary}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
