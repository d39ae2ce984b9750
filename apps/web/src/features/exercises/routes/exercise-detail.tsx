import { useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useExercise } from '../api/get-exercises.ts';
import { ExcuseDialog } from '../components/excuse-dialog.tsx';
import { ExerciseHeader } from '../components/exercise-header.tsx';
import { ExtendDialog } from '../components/extend-dialog.tsx';
import { NoShowsSection } from '../components/no-shows-section.tsx';
import { ProgressSection } from '../components/progress-section.tsx';
import { RemindersSection } from '../components/reminders-section.tsx';
import { ReportSection } from '../components/report-section.tsx';
import { ScheduleSection } from '../components/schedule-section.tsx';
import { SuspensionsSection } from '../components/suspensions-section.tsx';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';

const texts = EXERCISES_TEXTS.detail;

/** One exercise: its header, progress (live while it runs), schedule, no-shows, suspensions, reminders, report. */
export function ExerciseDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const exercise = useExercise(id);
  const [dialog, setDialog] = useState<'extend' | 'excuse' | null>(null);
  const back = (
    <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ alignSelf: 'flex-start', displayPrint: 'none' }}>
      {texts.back}
    </Button>
  );
  if (exercise.isPending)
    return (
      <Stack spacing={2}>
        {back}
        <LoadingState message={texts.loading} />
      </Stack>
    );
  if (!exercise.data)
    return (
      <Stack spacing={2}>
        {back}
        <RetryAlert onRetry={() => void exercise.refetch()}>
          {errorMessage(exercise.error, texts.loadFailed)}
        </RetryAlert>
      </Stack>
    );
  const data = exercise.data;
  return (
    <Stack spacing={4}>
      <Stack spacing={2}>
        {back}
        <ExerciseHeader
          exercise={data}
          onExtend={() => setDialog('extend')}
          onExcuse={() => setDialog('excuse')}
        />
      </Stack>
      <ProgressSection exercise={data} />
      <ScheduleSection exercise={data} />
      <NoShowsSection exercise={data} />
      <SuspensionsSection id={data.id} />
      <RemindersSection id={data.id} />
      <ReportSection id={data.id} />
      {dialog === 'extend' && <ExtendDialog exercise={data} onClose={() => setDialog(null)} />}
      {dialog === 'excuse' && <ExcuseDialog exercise={data} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
