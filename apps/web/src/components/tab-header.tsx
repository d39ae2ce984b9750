import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A dashboard tab's title and one-line purpose, with its main action on the right (below on a phone). */
export function TabHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle: string;
  action: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'flex-start',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ flex: '1 1 320px' }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}>
          {subtitle}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}

/** A tab's h2 and the line under it, for a tab that lays out its header itself. */
export function TabTitle({
  title,
  subtitle,
  small,
}: {
  title: string;
  subtitle: ReactNode;
  small?: boolean;
}) {
  return (
    <>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography variant={small ? 'body2' : undefined} sx={{ color: 'text.secondary', mt: 0.5 }}>
        {subtitle}
      </Typography>
    </>
  );
}
