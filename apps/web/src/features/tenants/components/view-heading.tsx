import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface ViewHeadingProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (below on phones). */
  actions?: ReactNode;
}

/** Navigation state that moves focus to the heading of the view it opens. */
export const FOCUS_HEADING_STATE = { focusHeading: true } as const;

function wantsFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'focusHeading' in state;
}

/**
 * Title and subtitle of a tenant-management view. When the user switched views (list, form,
 * users) the heading takes the focus, so keyboard and screen-reader users start at the new view.
 */
export function ViewHeading({ title, subtitle, actions }: ViewHeadingProps) {
  const { state } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = wantsFocus(state);

  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography
          ref={headingRef}
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ fontWeight: 600, outline: 'none', overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{actions}</Box>}
    </Box>
  );
}
