import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Agent, Reviewer } from '@portal/contract/people';
import type { Named } from '@portal/contract/records';
import { useUpdateAgentAssignments } from '../api/update-agent-assignments.ts';
import { useUpdateReviewerAssignments } from '../api/update-reviewer-assignments.ts';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { sameSelection } from '../utils/same-selection.ts';
import { ChipMultiSelect } from '../../../components/chip-multi-select.tsx';

const texts = USERS_TEXTS.assignments;

export interface EditAssignmentsDialogProps {
  /** Whose assignments: a reviewer's (SPEC §2) or a field agent's (issue #33). */
  kind?: 'reviewer' | 'agent';
  person: Reviewer | Agent;
  ministries: readonly Named[];
  departments: readonly Named[];
  onClose: () => void;
}

const idsOf = (items: readonly Named[]) => items.map((item) => item.id);

/**
 * 'Edit Assignments for {name}' (SPEC §2, 600 px). Mounted per person, so the selection starts
 * from that person's assignments; Save Changes stays disabled until it differs from them.
 */
export function EditAssignmentsDialog({
  kind = 'reviewer',
  person: reviewer,
  ministries,
  departments,
  onClose,
}: EditAssignmentsDialogProps) {
  const titleId = useId();
  const toast = useToasts(TENANT_TOASTS);
  const reviewerUpdate = useUpdateReviewerAssignments();
  const agentUpdate = useUpdateAgentAssignments();
  const update = kind === 'agent' ? agentUpdate : reviewerUpdate;
  const [ministryIds, setMinistryIds] = useState(() => idsOf(reviewer.assignedMinistries));
  const [departmentIds, setDepartmentIds] = useState(() => idsOf(reviewer.assignedDepartments));
  const changed =
    !sameSelection(ministryIds, idsOf(reviewer.assignedMinistries)) ||
    !sameSelection(departmentIds, idsOf(reviewer.assignedDepartments));
  const saving = update.isPending;

  // A reviewer may hold an assignment that is not (or no longer) in the lists: keep it choosable.
  const withAssigned = (options: readonly Named[], assigned: readonly Named[]) => [
    ...options,
    ...assigned.filter((item) => !options.some((option) => option.id === item.id)),
  ];

  const fields = [
    {
      name: 'ministryIds',
      label: texts.ministries,
      options: withAssigned(ministries, reviewer.assignedMinistries),
      value: ministryIds,
      onChange: setMinistryIds,
    },
    {
      name: 'departmentIds',
      label: texts.departments,
      options: withAssigned(departments, reviewer.assignedDepartments),
      value: departmentIds,
      onChange: setDepartmentIds,
    },
  ];

  const save = () =>
    update.mutate(
      { personId: reviewer.id, assignments: { ministryIds, departmentIds } },
      {
        onSuccess: () => {
          toast.success(kind === 'agent' ? texts.agentUpdated : texts.updated);
          onClose();
        },
        onError: (error) => {
          console.error(`Updating the ${kind} assignments failed`, error);
          toast.error(texts.failed);
        },
      },
    );

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{texts.title(reviewer.fullName)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {kind === 'agent' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {texts.agentHint}
            </Typography>
          )}
          {fields.map((field) => (
            <ChipMultiSelect
              key={field.name}
              {...field}
              emptyText={USERS_TEXTS.form.noOptions}
              disabled={saving}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={saving}
        onCancel={onClose}
        labels={[texts.cancel, texts.save, texts.saving]}
        confirm={{ disabled: !changed, onClick: save }}
      />
    </Dialog>
  );
}
