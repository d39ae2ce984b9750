import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { FieldPerson } from '@portal/contract/field';
import { ReverifyForm } from '../../../components/reverify-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCalendarDate, formatRecordStatus } from '../../../lib/format.ts';
import { LoadingState } from '../../../components/loading-state.tsx';
import { usePerson } from '../api/get-person.ts';
import { useReverifyPerson } from '../api/reverify-person.ts';
import { FIELD_TEXTS } from '../field-texts.ts';

const texts = FIELD_TEXTS.person;
const DASH = '\u2014';

export interface PersonCardProps {
  personId: string;
  onClose: () => void;
  /** The identity check below is ready for this person's claim (next step CLAIM). */
  onStartCheck: (person: FieldPerson) => void;
  /** What else the agent may do for the person: the appeals' 'Lodge an appeal with them' (issue #34). */
  extraActions?: (person: FieldPerson) => ReactNode;
}

/** The chosen person: who they are, where they work, and what the agent does next. */
export function PersonCard({ personId, onClose, onStartCheck, extraActions }: PersonCardProps) {
  const person = usePerson(personId);
  // Held here, above the person's data: once the check passes the person is read again and their
  // next step is no longer REVERIFY, yet the form and the server's answer stay.
  const reverify = useReverifyPerson();
  const [helping, setHelping] = useState(false);
  // A refetch that fails keeps the person shown: only a first load's failure is said.
  const failed = person.isError && !person.data;
  const notFound = failed && person.error instanceof ApiError && person.error.status === 404;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="field-person-title"
      data-testid="field-person-card"
      sx={{ p: 2, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          id="field-person-title"
          variant="h6"
          component="h3"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', alignSelf: 'center' }}
        >
          {person.data?.fullName ?? texts.title}
        </Typography>
        <IconButton aria-label={texts.close} onClick={onClose} sx={{ width: 48, height: 48, mt: -1, mr: -1 }}>
          <Close />
        </IconButton>
      </Box>
      {person.isPending && <LoadingState message={texts.loading} />}
      {notFound && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {texts.notFound}
        </Alert>
      )}
      {failed && !notFound && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {texts.failed}
        </Alert>
      )}
      {person.data && (
        <PersonDetails
          person={person.data}
          onStartCheck={onStartCheck}
          onReverify={helping ? undefined : () => setHelping(true)}
        />
      )}
      {person.data && extraActions?.(person.data)}
      {person.data && helping && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {texts.reverifyHint}
          </Typography>
          <ReverifyForm
            recordId={person.data.id}
            reverify={reverify}
            label={texts.reverifyForm(person.data.fullName)}
            autoFocus
          />
        </Box>
      )}
    </Paper>
  );
}

function PersonDetails({
  person,
  onStartCheck,
  onReverify,
}: {
  person: FieldPerson;
  onStartCheck: (person: FieldPerson) => void;
  /** Opens the re-verification form; absent once it is open. */
  onReverify: (() => void) | undefined;
}) {
  const step = FIELD_TEXTS.nextStep[person.nextStep];
  const facts: [string, string][] = [
    [texts.psn, person.psn ?? DASH],
    [texts.workId, person.employeeId ?? DASH],
    [texts.ministry, person.ministry ?? DASH],
    [texts.department, person.department ?? DASH],
    [texts.account, person.claimed ? texts.claimed : texts.notClaimed],
    [texts.lastAppeared, person.lastAppearedOn ? formatCalendarDate(person.lastAppearedOn) : texts.never],
    [texts.status, formatRecordStatus(person.status)],
  ];
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(96px, auto) 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mt: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere', minWidth: 0 },
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {term}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Alert severity={person.nextStep === 'NONE' ? 'success' : 'info'} sx={{ mt: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {texts.nextStep}: {step.label}
        </Typography>
        {step.hint}
      </Alert>
      {person.nextStep === 'CLAIM' && (
        <Button
          variant="contained"
          fullWidth
          onClick={() => onStartCheck(person)}
          sx={{ mt: 2, minHeight: 48 }}
        >
          {texts.startCheck}
        </Button>
      )}
      {person.nextStep === 'REVERIFY' && onReverify && (
        <Button variant="contained" fullWidth onClick={onReverify} sx={{ mt: 2, minHeight: 48 }}>
          {texts.reverify}
        </Button>
      )}
    </>
  );
}
