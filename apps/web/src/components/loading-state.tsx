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
