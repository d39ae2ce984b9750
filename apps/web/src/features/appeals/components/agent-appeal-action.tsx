import { lazy, Suspense, useState } from 'react';
import type { Severity } from '../../../field-kit/alert.tsx';
import { Button } from '../../../field-kit/button.tsx';
import { Icon } from '../../../field-kit/icons.tsx';
import { TOAST_MS } from '@portal/contract/limits';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

/** The record statuses an appeal is heard in (the server's record-state APPEALABLE). */
const APPEALABLE = new Set(['REJECTED', 'SUSPENDED']);

/** The dialog comes when the agent asks for it: most people on the desk are not appealing. */
const AgentAppealDialog = lazy(() =>
  import('./agent-appeal-dialog.tsx').then(({ AgentAppealDialog: dialog }) => ({ default: dialog })),
);

/**
 * On the field agent's person card (issue #34 item 1): 'Lodge an appeal with them' for a person
 * whose record was rejected or suspended, the person present. The server refuses a second appeal
 * while one is heard, and the dialog says so.
 */
export function AgentAppealAction({
  person,
  onLodged,
}: {
  person: { id: string; fullName: string; status: string };
  /** Shows a toast on the page (the app's tenant toasts' durations). */
  onLodged: (message: string, severity: Severity, durationMs: number) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!APPEALABLE.has(person.status)) return null;
  return (
    <>
      <Button variant="outlined" fullWidth className="fk-gap-top" onClick={() => setOpen(true)}>
        <Icon name="gavel" className="fk-button__icon" />
        {APPEALS_TEXTS.agent.action}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AgentAppealDialog
            person={person}
            onClose={() => setOpen(false)}
            onToast={(message, severity) =>
              onLodged(
                message,
                severity,
                severity === 'success' ? TOAST_MS.tenantSuccess : TOAST_MS.tenantError,
              )
            }
          />
        </Suspense>
      )}
    </>
  );
}
