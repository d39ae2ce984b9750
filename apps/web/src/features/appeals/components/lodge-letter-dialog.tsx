import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  APPEAL_KIND_LABELS,
  APPEAL_KINDS,
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
  AppealCreateSchema,
  type AppealKind,
} from '@portal/contract/appeals';
import type { RecordListItem } from '@portal/contract/records';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatRecordStatus } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useLodgeAppeal } from '../api/appeal-actions.ts';
import { useAppealableRecords } from '../api/search-appealable.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.lodgeLetter;
const recordText = (r: RecordListItem) =>
  `${r.fullName}${r.psn ? ` · ${r.psn}` : ''} · ${formatRecordStatus(r.status)}`;

/** A tenant admin lodges an appeal received by letter: the record (searched), the kind, the grounds. */
export function LodgeLetterDialog({
  onClose,
  onLodged,
}: {
  onClose: () => void;
  onLodged: (id: string) => void;
}) {
  const lodge = useLodgeAppeal();
  const toast = useToasts(TENANT_TOASTS);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const records = useAppealableRecords(q);
  const [record, setRecord] = useState<RecordListItem | null>(null);
  const [kind, setKind] = useState<AppealKind | ''>('');
  const [grounds, setGrounds] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const parsed = AppealCreateSchema.safeParse({ recordId: record?.id, kind: kind || undefined, grounds });
    const found = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (!record) found.recordId = texts.recordRequired;
    if (!parsed.success || !record) {
      setErrors(found);
      return;
    }
    setErrors({});
    setProblem(null);
    lodge.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(APPEAL_MESSAGES.lodgedOnBehalf);
        onLodged(saved.id);
      },
      onError: (error) => setProblem(errorMessage(error, texts.title)),
    });
  };
  return (
    <FormDialog
      title={texts.title}
      intro={texts.intro}
      problem={problem}
      busy={lodge.isPending}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <Autocomplete
        options={records.data?.items ?? []}
        value={record}
        onChange={(_event, next) => setRecord(next)}
        inputValue={search}
        onInputChange={(_event, next) => setSearch(next)}
        getOptionLabel={recordText}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        loading={records.isFetching}
        noOptionsText={q.trim().length >= 2 ? texts.noRecords : texts.search}
        renderInput={(params) => (
          <TextField
            {...params}
            name="record"
            label={texts.record}
            placeholder={texts.search}
            required
            error={errors.recordId !== undefined}
            helperText={errors.recordId}
          />
        )}
      />
      <TextField
        select
        name="kind"
        label={texts.kind}
        value={kind}
        onChange={(event) => setKind(event.target.value as AppealKind)}
        error={errors.kind !== undefined}
        helperText={errors.kind}
        required
      >
        {APPEAL_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {APPEAL_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name="grounds"
        label={texts.grounds}
        value={grounds}
        onChange={(event) => setGrounds(event.target.value)}
        error={errors.grounds !== undefined}
        helperText={errors.grounds}
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.groundsMax } }}
      />
    </FormDialog>
  );
}
