import Typography from '@mui/material/Typography';
import { formatTimeZoneNote } from '../lib/format.ts';
import { useDisplayTimeZone } from '../lib/use-display-time-zone.ts';

/**
 * 'Times in Africa/Lagos (GMT+1)': the zone every date and time on the screen is in (issue #31
 * item 12: the tenant's, as in its file names and files), at the foot of every screen.
 */
export function TimeZoneNote() {
  useDisplayTimeZone();
  return (
    <Typography
      variant="caption"
      component="p"
      data-testid="time-zone-note"
      sx={{ color: 'text.secondary', textAlign: 'right', px: { xs: 2, sm: 3 }, py: 1 }}
    >
      {formatTimeZoneNote()}
    </Typography>
  );
}
