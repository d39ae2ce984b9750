import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useMyAssignments } from '../api/get-my-assignments.ts';

export const UNASSIGNED_TEXTS = {
  title: 'No ministries or departments are assigned to you yet',
  nextStep: 'Ask your tenant administrator to assign ministries or departments to you.',
} as const;

/**
 * Above a reviewer's queue: an empty queue of a reviewer without assignments is not "all done",
 * so it says what to do next. Nothing while loading, on an error, or once anything is assigned.
 */
export function UnassignedReviewerNotice() {
  const { data } = useMyAssignments();
  if (!data || data.ministries.length + data.departments.length > 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      <AlertTitle>{UNASSIGNED_TEXTS.title}</AlertTitle>
      {UNASSIGNED_TEXTS.nextStep}
    </Alert>
  );
}
