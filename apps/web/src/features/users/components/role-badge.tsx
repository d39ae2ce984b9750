import Chip from '@mui/material/Chip';
import { amber, blue, red } from '@mui/material/colors';
import type { SxProps, Theme } from '@mui/material/styles';
import { roleLabel, roleTone, type RoleTone } from '../utils/role-badge.ts';

/** Filled colours with text contrast of at least 4.5:1 (WCAG AA for the chip's 13 px text). */
const TONE_SX: Record<RoleTone, SxProps<Theme>> = {
  red: { bgcolor: red[700], color: 'common.white' },
  amber: { bgcolor: amber[500], color: 'rgba(0, 0, 0, 0.87)' },
  blue: { bgcolor: blue[700], color: 'common.white' },
  default: {},
};

/** A user's role as a title-cased badge, coloured by role (SPEC §6). */
export function RoleBadge({ role }: { role: string }) {
  const tone = roleTone(role);
  return (
    <Chip size="small" label={roleLabel(role)} data-tone={tone} sx={{ fontWeight: 600, ...TONE_SX[tone] }} />
  );
}
