import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { MasterRecord } from '@portal/contract/records';
import { initialsOf } from '../../../components/initials-avatar.tsx';
import { orNotAvailable, profileRows, workIdOf } from '../profile-record.ts';
import { PROFILE_TEXTS } from '../profile-texts.ts';
import { RecordStatusBadge } from './record-status-badge.tsx';

const texts = PROFILE_TEXTS;

/** The employee's record (SPEC §2): initials, name, Work ID, then the details, 'N/A' when missing. */
export function ProfileCard({ record, statusAction }: { record: MasterRecord; statusAction?: ReactNode }) {
  const [status, ...rows] = profileRows(record);
  return (
    <Card variant="outlined" component="article" aria-labelledby="profile-name">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar aria-hidden="true" sx={{ width: 64, height: 64, fontSize: 24, bgcolor: 'primary.main' }}>
            {initialsOf(record.fullName)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="profile-name" variant="h5" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {orNotAvailable(record.fullName)}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {texts.workId}: <span data-testid="work-id">{workIdOf(record)}</span>
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ my: 2.5 }} />
        <Box
          component="dl"
          aria-label={texts.detailsLabel}
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            gap: 2.5,
          }}
        >
          <Detail label={status!.label}>
            <RecordStatusBadge status={record.status} />
          </Detail>
          {rows.map((row) => (
            <Detail key={row.label} label={row.label}>
              {row.value}
            </Detail>
          ))}
        </Box>
        {/* Beside the status, outside the list: the status reads as its value alone (issue #34). */}
        {statusAction && <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>{statusAction}</Box>}
      </CardContent>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
