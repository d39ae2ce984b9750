import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

export interface EmptyStateProps {
  title: string;
  message?: string;
  icon?: ReactNode;
  action?: ReactNode;
  titleComponent?: 'h2' | 'h3' | 'h4';
}

/** Centred placeholder for a list or section with nothing to show. */
export function EmptyState({ title, message, icon, action, titleComponent = 'h2' }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: 6,
        px: 2,
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }}>
        {icon ?? <InboxOutlined />}
      </Box>
      <Typography variant="h6" component={titleComponent}>
        {title}
      </Typography>
      {message && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {message}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
