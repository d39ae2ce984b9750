import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatTimeZoneNote } from '../lib/format.ts';
import { useDisplayTimeZone } from '../lib/use-display-time-zone.ts';

/**
 * 'Times in Africa/Lagos (GMT+1)': the zone every date and time on the screen is in (issue #31
 * item 12: the tenant's, as in its file names and files), at the foot of every screen, in the
 * page's footer landmark (all content sits in a landmark: axe's 'region').
 */
export function TimeZoneNote() {
  useDisplayTimeZone();
  return (
    <Box component="footer" sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
      <Typography
        variant="caption"
        component="p"
        data-testid="time-zone-note"
        sx={{ color: 'text.secondary', textAlign: 'right' }}
      >
        {formatTimeZoneNote()}
      </Typography>
    </Box>
  );
}
