import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import {
  APPEAL_KIND_LABELS,
  APPEAL_KINDS,
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
  AppealCreateSchema,
  type AppealKind,
} from '@portal/contract/appeals';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useLodgeAppeal } from '../api/appeal-actions.ts';
import { attachFile } from '../api/appeal-files.ts';
import { appealsKeys } from '../api/appeals-keys.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import { AttachmentsField } from './attachments-field.tsx';

const texts = APPEALS_TEXTS.employee;

/**
 * The employee's appeal about their own record: the kind, the grounds, documents. The appeal is
 * lodged first and the files go after it, one by one (the attachments route takes one multipart
 * file); a file refused there leaves the appeal lodged and says which file did not go.
 */
export function LodgeOwnDialog({ onClose }: { onClose: () => void }) {
  const lodge = useLodgeAppeal();
  const queryClient = useQueryClient();
  const toast = useToasts(TENANT_TOASTS);
  const [kind, setKind] = useState<AppealKind | ''>('');
  const [grounds, setGrounds] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const busy = lodge.isPending || uploading;
  const submit = () => {
    const parsed = AppealCreateSchema.safeParse({ kind: kind || undefined, grounds });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setProblem(null);
    lodge.mutate(parsed.data, {
      onSuccess: async (saved) => {
        setUploading(true);
        for (const file of files) {
          try {
            await attachFile(saved.id, file);
          } catch (error) {
            toast.warning(texts.uploadFailed(file.name, errorMessage(error, APPEAL_MESSAGES.attachmentType)));
          }
        }
        if (files.length > 0) await queryClient.invalidateQueries({ queryKey: appealsKeys.all });
        setUploading(false);
        toast.success(APPEAL_MESSAGES.lodged);
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error, texts.formTitle)),
    });
  };
  return (
    <FormDialog
      title={texts.formTitle}
      intro={texts.formIntro}
      problem={problem}
      busy={busy}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
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
          <MenuItem key={k} value={k} sx={{ minHeight: 48 }}>
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
        minRows={4}
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.groundsMax } }}
      />
      <AttachmentsField
        files={files}
        error={fileError}
        disabled={busy}
        onChange={(next, why) => {
          setFiles(next);
          setFileError(why);
        }}
      />
    </FormDialog>
  );
}
