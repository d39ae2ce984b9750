import { useState } from 'react';
import Gavel from '@mui/icons-material/Gavel';
import Button from '@mui/material/Button';
import { useSession } from '../../../lib/use-session.ts';
import { useMyAppeals } from '../api/get-appeals.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import { LodgeOwnDialog } from './lodge-own-dialog.tsx';

/** The record statuses an employee may appeal (the server's record-state APPEALABLE). */
const APPEALABLE = new Set(['REJECTED', 'SUSPENDED']);

/**
 * 'Appeal this decision' beside a rejection or a suspension on the employee's profile; gone while
 * an appeal about the record is being heard (the server would refuse a second one).
 */
export function AppealDecisionAction({ status }: { status: string }) {
  const userId = useSession()?.claims.sub ?? '';
  const appeals = useMyAppeals(userId);
  const [open, setOpen] = useState(false);
  const offered =
    APPEALABLE.has(status) && appeals.isSuccess && !appeals.data.some((a) => a.status !== 'DECIDED');
  // The dialog stays while it uploads the files of the appeal it has just lodged.
  const dialog = open && <LodgeOwnDialog onClose={() => setOpen(false)} />;
  if (!offered) return dialog || null;
  return (
    <>
      <Button
        variant="contained"
        color="primary"
        startIcon={<Gavel />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 48 }}
      >
        {APPEALS_TEXTS.employee.action}
      </Button>
      {dialog}
    </>
  );
}
