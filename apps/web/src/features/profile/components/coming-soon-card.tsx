import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PROFILE_TEXTS } from '../profile-texts.ts';

export interface ComingSoonCardProps {
  title: string;
  description: string;
  icon: ReactNode;
}

/** A service that is not offered yet (SPEC §2): shown, but disabled. */
export function ComingSoonCard({ title, description, icon }: ComingSoonCardProps) {
  return (
    <Card
      variant="outlined"
      component="article"
      aria-disabled="true"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box aria-hidden="true" sx={{ color: 'text.secondary', display: 'flex', '& svg': { fontSize: 36 } }}>
          {icon}
        </Box>
        <Box>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {description}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="outlined" disabled fullWidth sx={{ minHeight: 48 }}>
          {PROFILE_TEXTS.comingSoon.badge}
        </Button>
      </CardActions>
    </Card>
  );
}
