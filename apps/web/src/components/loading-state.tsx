import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** In-page spinner with a message, announced politely while a list or screen loads. */
export function LoadingState({ message }: { message: string }) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6, px: 2 }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{message}</Typography>
    </Box>
  );
}

/** A spinner alone, centred and named by `label`, where a list loads in place (no message line). */
export function CenteredSpinner({ label, size, py }: { label: string; size: number; py: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py }}>
      <CircularProgress size={size} aria-label={label} />
    </Box>
  );
}
