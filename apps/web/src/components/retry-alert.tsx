import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { UI_TEXTS } from '../lib/ui-texts.ts';

/** A load that failed: the reason, and a Retry button that asks again. */
export function RetryAlert({
  children,
  onRetry,
  sx,
}: {
  children: ReactNode;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {UI_TEXTS.retry}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
