import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface LoadingOverlayProps {
  open: boolean;
  message: string;
}

/** Full-screen blocking overlay with a spinner and a message (SPEC §1). */
export function LoadingOverlay({ open, message }: LoadingOverlayProps) {
  return (
    <Backdrop
      open={open}
      sx={{
        zIndex: (theme) => theme.zIndex.modal + 1,
        color: 'common.white',
        flexDirection: 'column',
        gap: 2,
      }}
    >
      <CircularProgress color="inherit" aria-hidden="true" />
      <Typography role="status" aria-live="polite" variant="h6" component="p">
        {open ? message : ''}
      </Typography>
    </Backdrop>
  );
}
