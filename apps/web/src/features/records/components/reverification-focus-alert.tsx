import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { RECORDS_TEXTS as texts } from '../records-texts.ts';

/** Says the list is narrowed to the records an upload flagged, with a way back to all records. */
export function ReverificationFocusAlert({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Alert
      severity="info"
      sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      action={
        <Button color="inherit" size="small" onClick={onClear}>
          {texts.showAll}
        </Button>
      }
    >
      {texts.focusBanner(count)}
    </Alert>
  );
}
