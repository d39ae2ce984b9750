import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Add from '@mui/icons-material/Add';
import EventAvailable from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { TabHeader } from '../../../components/tab-header.tsx';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useExercises } from '../api/get-exercises.ts';
import { CreateExerciseForm } from '../components/create-exercise-form.tsx';
import { ExerciseList } from '../components/exercise-list.tsx';
import { EXERCISES_TEXTS as texts } from '../exercises-texts.ts';
import { ExerciseDetail } from './exercise-detail.tsx';

/**
 * Verification Exercises (issue #33 items 4, 5 and 7): the list with its form, or, with
 * `?exercise=<id>`, one exercise's progress, no-shows, reminders and report. The query keeps the
 * dashboard's one route per destination, and an exercise's page can still be bookmarked.
 */
export function ExercisesPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('exercise');
  if (selected) return <ExerciseDetail id={selected} onBack={() => setParams({})} />;
  return <ExerciseListScreen onOpen={(id) => setParams({ exercise: id })} />;
}

function ExerciseListScreen({ onOpen }: { onOpen: (id: string) => void }) {
  const exercises = useExercises();
  const toast = useToasts(TENANT_TOASTS);
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={3}>
      <TabHeader
        title={texts.title}
        subtitle={texts.subtitle}
        action={
          creating ? null : (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {texts.form.open}
            </Button>
          )
        }
      />
      {creating && (
        <CreateExerciseForm
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            toast.success(texts.form.created(created.name));
            setCreating(false);
            onOpen(created.id);
          }}
        />
      )}
      <ListQueryBody
        query={exercises}
        count={exercises.data?.length ?? 0}
        loading={texts.list.loading}
        loadFailed={texts.list.loadFailed}
        empty={{
          title: texts.list.emptyTitle,
          message: texts.list.emptyHint,
          icon: <EventAvailable />,
          titleComponent: 'h3',
        }}
      >
        <ExerciseList exercises={exercises.data ?? []} />
      </ListQueryBody>
    </Stack>
  );
}
