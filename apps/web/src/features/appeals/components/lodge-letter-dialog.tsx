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
import { FormDialog, useFormEntry } from '../../../components/form-dialog.tsx';
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
  const entry = useFormEntry(texts.title);
  const submit = () => {
    const body = entry.check(
      AppealCreateSchema.safeParse({ recordId: record?.id, kind: kind || undefined, grounds }),
      record ? {} : { recordId: texts.recordRequired },
    );
    if (!body) return;
    lodge.mutate(body, {
      onSuccess: (saved) => {
        toast.success(APPEAL_MESSAGES.lodgedOnBehalf);
        onLodged(saved.id);
      },
      onError: entry.failed,
    });
  };
  return (
    <FormDialog
      title={texts.title}
      intro={texts.intro}
      problem={entry.problem}
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
            {...entry.field('recordId')}
            name="record"
            label={texts.record}
            placeholder={texts.search}
            required
          />
        )}
      />
      <TextField
        select
        {...entry.field('kind')}
        label={texts.kind}
        value={kind}
        onChange={(event) => setKind(event.target.value as AppealKind)}
        required
      >
        {APPEAL_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {APPEAL_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...entry.field('grounds')}
        label={texts.grounds}
        value={grounds}
        onChange={(event) => setGrounds(event.target.value)}
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.groundsMax } }}
      />
    </FormDialog>
  );
}
