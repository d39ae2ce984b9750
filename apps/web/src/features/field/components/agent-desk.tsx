import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldPerson } from '@portal/contract/field';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useAgentDesk } from '../api/get-desk.ts';
import { fieldKeys } from '../api/field-keys.ts';
import { FIELD_TEXTS } from '../field-texts.ts';
import { ExerciseCard } from './exercise-card.tsx';
import { PersonCard, type PersonCardProps } from './person-card.tsx';
import { PersonSearch } from './person-search.tsx';

const texts = FIELD_TEXTS.desk;
/** The query parameter a printed list's QR code opens this screen with (fieldPersonLink). */
const PERSON_PARAM = 'person';

export interface AgentDeskProps {
  /** Make the identity check ready for the chosen person's claim (the card below the desk). */
  onStartCheck: (person: FieldPerson) => void;
  /** Accounts made by the identity check below so far: each one is read again (card, counts). */
  accountsCreated?: number;
  /** More actions on the person's card (the appeals', put together by the router). */
  personActions?: PersonCardProps['extraActions'];
}

/**
 * The field agent's desk above the identity check (issue #33 item 6): the exercises running in its
 * assignment, a search for the person in front of the agent, and that person's card. The chosen
 * person is the URL's ?person=, so a scanned QR code and a search lead to the same card.
 */
export function AgentDesk({ onStartCheck, accountsCreated = 0, personActions }: AgentDeskProps) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  // A claim made below changes the person's card (claimed, next step) and the desk's counts.
  useEffect(() => {
    if (accountsCreated > 0) void queryClient.invalidateQueries({ queryKey: fieldKeys.all });
  }, [accountsCreated, queryClient]);
  const personId = params.get(PERSON_PARAM);
  const choose = ({ id, known }: { id: string; known?: FieldPerson }) => {
    // A search result is the person as the card shows it: no second call for it.
    if (known) queryClient.setQueryData(fieldKeys.person(id), known);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(PERSON_PARAM, id);
      return next;
    });
  };
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(PERSON_PARAM);
      return next;
    });

  return (
    <Stack spacing={3}>
      <RunningExercises />
      <PersonSearch onChoose={choose} resultsHidden={personId !== null} />
      {personId && (
        <PersonCard
          key={personId}
          personId={personId}
          onClose={close}
          onStartCheck={onStartCheck}
          extraActions={personActions}
        />
      )}
    </Stack>
  );
}

function RunningExercises() {
  const desk = useAgentDesk();
  return (
    <Box component="section" aria-labelledby="field-desk-title">
      <Typography id="field-desk-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {texts.title}
      </Typography>
      {desk.isPending && <LoadingState message={texts.loading} />}
      {desk.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void desk.refetch()} sx={{ minHeight: 48 }}>
              {texts.retry}
            </Button>
          }
        >
          {texts.loadFailed}
        </Alert>
      )}
      {desk.data && desk.data.exercises.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{texts.none}</Typography>
      )}
      {desk.data && desk.data.exercises.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(320px, 1fr))' },
          }}
        >
          {desk.data.exercises.map((exercise) => (
            <ExerciseCard key={exercise.id} exercise={exercise} />
          ))}
        </Box>
      )}
    </Box>
  );
}
