import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { FieldPerson } from '@portal/contract/field';
import { formatCalendarDate } from '../../../lib/format.ts';
import { FIELD_TEXTS } from '../field-texts.ts';

const texts = FIELD_TEXTS.person;
const DASH = '\u2014';

const posting = (person: FieldPerson) =>
  [person.ministry, person.department].filter((part) => part !== null).join(' \u00b7 ') || DASH;

/** Whether the person claimed an account, when they last appeared, and what to do next. */
function PersonChips({ person }: { person: FieldPerson }) {
  const step = FIELD_TEXTS.nextStep[person.nextStep];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={person.claimed ? 'success' : 'default'}
        label={person.claimed ? texts.claimed : texts.notClaimed}
      />
      <Chip
        size="small"
        variant="outlined"
        label={`${texts.lastAppeared}: ${person.lastAppearedOn ? formatCalendarDate(person.lastAppearedOn) : texts.never}`}
      />
      <Chip
        size="small"
        color={person.nextStep === 'NONE' ? 'default' : 'primary'}
        label={`${texts.nextStep}: ${step.label}`}
      />
    </Box>
  );
}

/** A search result's lines: name, PSN and Work ID, posting, then the chips. */
export function PersonFacts({ person }: { person: FieldPerson }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{person.fullName}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {texts.psn} {person.psn ?? DASH}
        {person.employeeId && ` \u00b7 ${texts.workId} ${person.employeeId}`}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {posting(person)}
      </Typography>
      <PersonChips person={person} />
    </Box>
  );
}
