import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Appeal } from '@portal/contract/appeals';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatRecordStatus } from '../../../lib/format.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useAssignAppeal } from '../api/appeal-actions.ts';
import { useHandlers } from '../api/get-handlers.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.assign;

/** The tenant admin gives the appeal to a tenant admin or a reviewer (the server checks the reviewer's assignment). */
export function AssignDialog({ appeal, onClose }: { appeal: Appeal; onClose: () => void }) {
  const handlers = useHandlers();
  const assign = useAssignAppeal();
  const toast = useToasts(TENANT_TOASTS);
  const [handler, setHandler] = useState(appeal.handler?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const options = handlers.data ?? [];
  const submit = () => {
    if (!handler) return;
    setProblem(null);
    assign.mutate(
      { id: appeal.id, handlerUserId: handler },
      {
        onSuccess: (saved) => {
          toast.success(texts.done(saved.handler?.email ?? ''));
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, texts.title)),
      },
    );
  };
  return (
    <FormDialog
      title={texts.title}
      intro={texts.intro}
      problem={problem}
      busy={assign.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        name="handler"
        label={texts.handler}
        value={options.some((u) => u.id === handler) ? handler : ''}
        onChange={(event) => setHandler(event.target.value)}
        disabled={options.length === 0}
        helperText={handlers.isPending ? texts.loading : undefined}
        required
      >
        {options.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.fullName} ({u.email}) · {formatRecordStatus(u.role)}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
