import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EventRepeat from '@mui/icons-material/EventRepeat';
import PersonOff from '@mui/icons-material/PersonOff';
import type { Campaign } from '@portal/contract/campaigns';
import { formatCalendarDate, formatMediumDateTime } from '../../../lib/format.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { scopeText } from './exercise-list.tsx';
import { StateChip } from './state-chip.tsx';

const texts = EXERCISES_TEXTS.detail;

/** A term and its value: a div inside the dl, the one wrapper HTML allows there. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The exercise's name, state, dates, scope, documents and extensions, with Extend and Excuse. */
export function ExerciseHeader({
  exercise,
  onExtend,
  onExcuse,
}: {
  exercise: Campaign;
  onExtend: () => void;
  onExcuse: () => void;
}) {
  const closed = exercise.state === 'CLOSED';
  const names = [...exercise.ministries, ...exercise.departments].map((n) => n.name);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {exercise.name}
        </Typography>
        <StateChip state={exercise.state} />
        <Box sx={{ flex: '1 1 auto' }} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', displayPrint: 'none' }}>
          <Button variant="outlined" startIcon={<EventRepeat />} onClick={onExtend} disabled={closed}>
            {texts.extend}
          </Button>
          <Button variant="outlined" startIcon={<PersonOff />} onClick={onExcuse} disabled={closed}>
            {texts.excuse}
          </Button>
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 2,
          my: 2,
        }}
      >
        <Fact label={texts.opensOn}>{formatCalendarDate(exercise.opensOn)}</Fact>
        <Fact label={texts.closesOn}>{formatCalendarDate(exercise.closesOn)}</Fact>
        <Fact label={texts.graceEndsOn}>{formatCalendarDate(exercise.graceEndsOn)}</Fact>
        <Fact label={texts.scope}>
          {scopeText(exercise)}
          {names.length > 0 && (
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              {names.join(', ')}
            </Typography>
          )}
        </Fact>
        <Fact label={texts.documents} wide>
          {exercise.documents.length === 0 ? texts.noDocuments : exercise.documents.join(' · ')}
        </Fact>
        {exercise.extensions.length > 0 && (
          <Fact label={texts.extensions} wide>
            {exercise.extensions.map((x) => (
              <Typography key={x.at} component="span" variant="body2" sx={{ display: 'block' }}>
                {texts.extension(
                  formatCalendarDate(x.fromClosesOn),
                  formatCalendarDate(x.toClosesOn),
                  x.reason,
                  x.byEmail,
                )}
              </Typography>
            ))}
          </Fact>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.createdBy(exercise.createdByEmail, formatMediumDateTime(exercise.createdAt))}
      </Typography>
    </Box>
  );
}
