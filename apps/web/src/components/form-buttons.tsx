import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface FormButtonsProps {
  /** Reset or Cancel, outlined, left of the main button; it waits while the form is busy. */
  secondary?: { label: string; onClick: () => void };
  busy: boolean;
  /** Space above the buttons, in theme units. */
  mt?: number;
  /** The main (submit) button. */
  children: ReactNode;
}

/** A page form's buttons on the right; with a secondary one, the two stack on phones (main on top). */
export function FormButtons({ secondary, busy, mt = 3, children }: FormButtonsProps) {
  if (!secondary) return <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt }}>{children}</Box>;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        justifyContent: 'flex-end',
        gap: 1.5,
        mt,
      }}
    >
      <Button variant="outlined" disabled={busy} onClick={secondary.onClick}>
        {secondary.label}
      </Button>
      {children}
    </Box>
  );
}
