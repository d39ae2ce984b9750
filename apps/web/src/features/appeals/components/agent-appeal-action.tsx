import { useState } from 'react';
import Gavel from '@mui/icons-material/Gavel';
import Button from '@mui/material/Button';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import { LodgeOwnDialog } from './lodge-own-dialog.tsx';

/** The record statuses an appeal is heard in (the server's record-state APPEALABLE). */
const APPEALABLE = new Set(['REJECTED', 'SUSPENDED']);

/**
 * On the field agent's person card (issue #34 item 1): 'Lodge an appeal with them' for a person
 * whose record was rejected or suspended, the person present. The server refuses a second appeal
 * while one is heard, and the dialog says so.
 */
export function AgentAppealAction({ person }: { person: { id: string; fullName: string; status: string } }) {
  const [open, setOpen] = useState(false);
  if (!APPEALABLE.has(person.status)) return null;
  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        startIcon={<Gavel />}
        onClick={() => setOpen(true)}
        sx={{ mt: 2, minHeight: 48 }}
      >
        {APPEALS_TEXTS.agent.action}
      </Button>
      {open && <LodgeOwnDialog person={person} onClose={() => setOpen(false)} />}
    </>
  );
}
