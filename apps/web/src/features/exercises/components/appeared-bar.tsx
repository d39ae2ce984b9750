import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { sharePercent } from '../../../lib/format.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';

/** Appeared of those in scope: a bar and the two figures beside it. */
export function AppearedBar({
  appeared,
  inScope,
  label,
  large = false,
}: {
  appeared: number;
  inScope: number;
  label: string;
  large?: boolean;
}) {
  const value = sharePercent(appeared, inScope);
  const text = EXERCISES_TEXTS.progress.appearedOf(appeared, inScope);
  return (
    <Box sx={{ minWidth: 0 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label}
        aria-valuetext={text}
        sx={{ height: large ? 12 : 8, borderRadius: 1 }}
      />
      <Typography
        variant={large ? 'body1' : 'body2'}
        sx={{ mt: 0.5, color: large ? undefined : 'text.secondary' }}
      >
        {text}
      </Typography>
    </Box>
  );
}
