import { useSnackbar, type SnackbarKey } from 'notistack';
import Button from '@mui/material/Button';
import { UI_TEXTS } from '../lib/ui-texts.ts';

/** The 'Close' action every toast carries (SPEC §8). */
export function SnackbarCloseAction({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { closeSnackbar } = useSnackbar();
  return (
    <Button color="inherit" size="small" onClick={() => closeSnackbar(snackbarKey)}>
      {UI_TEXTS.shell.close}
    </Button>
  );
}
