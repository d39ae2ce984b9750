import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import Place from '@mui/icons-material/Place';
import type { FieldExercise } from '@portal/contract/field';
import { formatCalendarDate, formatCount, sharePercent } from '../../../lib/format.ts';
import { FIELD_TEXTS } from '../field-texts.ts';

const texts = FIELD_TEXTS.desk;

/** One running exercise as the agent needs it at the table: what to check, how far, where today. */
export function ExerciseCard({ exercise }: { exercise: FieldExercise }) {
  return (
    <Paper variant="outlined" component="article" sx={{ p: 2 }} aria-label={exercise.name}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {exercise.name}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.closes(formatCalendarDate(exercise.closesOn))}
      </Typography>

      <Box sx={{ mt: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {texts.progress(exercise.appeared, exercise.inAssignment)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={sharePercent(exercise.appeared, exercise.inAssignment)}
          aria-label={texts.progressLabel(exercise.name)}
          sx={{ height: 8, borderRadius: 4, my: 0.75 }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          <Typography variant="body2">{texts.remaining(formatCount(exercise.remaining))}</Typography>
          {exercise.excused > 0 && (
            <Typography variant="body2">{texts.excused(formatCount(exercise.excused))}</Typography>
          )}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {texts.helpedToday(formatCount(exercise.verifiedByMeToday))}
          </Typography>
        </Box>
      </Box>

      <Typography variant="subtitle2" component="h5" sx={{ mt: 2 }}>
        {texts.documents}
      </Typography>
      {exercise.documents.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.noDocuments}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {exercise.documents.map((document) => (
            <Box
              component="li"
              key={document}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.25 }}
            >
              <CheckBoxOutlineBlank
                fontSize="small"
                aria-hidden
                sx={{ mt: '2px', color: 'text.secondary' }}
              />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {document}
              </Typography>
            </Box>
          ))}
        </Box>
      )}

      <Typography variant="subtitle2" component="h5" sx={{ mt: 2 }}>
        {texts.todaySites}
      </Typography>
      {exercise.todaySchedule.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.noSiteToday}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {exercise.todaySchedule.map((entry) => (
            <li key={`${entry.day}-${entry.site}`}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Place fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {entry.site}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5, pl: 3.5 }}>
                {[...entry.ministries, ...entry.departments].map((posting) => (
                  <Chip
                    key={posting.id}
                    size="small"
                    variant="outlined"
                    label={posting.name}
                    sx={{ maxWidth: '100%' }}
                  />
                ))}
              </Box>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
