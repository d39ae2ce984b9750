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
import { FormDialog, useFormEntry } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useLodgeAppeal } from '../api/appeal-actions.ts';
import { attachFile } from '../api/appeal-files.ts';
import { appealsKeys } from '../api/appeals-keys.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import { AttachmentsField } from './attachments-field.tsx';

const texts = APPEALS_TEXTS.employee;
const agentTexts = APPEALS_TEXTS.agent;

/**
 * The employee's appeal about their own record (or, `person` given, a field agent's with that
 * person present): the kind, the grounds, documents. The appeal is
 * lodged first and the files go after it, one by one (the attachments route takes one multipart
 * file); a file refused there leaves the appeal lodged and says which file did not go.
 */
export function LodgeOwnDialog({
  onClose,
  person,
}: {
  onClose: () => void;
  /** A field agent lodging with the person present: their record (issue #34 item 1). */
  person?: { id: string; fullName: string };
}) {
  const lodge = useLodgeAppeal();
  const queryClient = useQueryClient();
  const toast = useToasts(TENANT_TOASTS);
  const [kind, setKind] = useState<AppealKind | ''>('');
  const [grounds, setGrounds] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const entry = useFormEntry(texts.formTitle);
  const busy = lodge.isPending || uploading;
  const submit = () => {
    const body = entry.check(
      AppealCreateSchema.safeParse({ recordId: person?.id, kind: kind || undefined, grounds }),
    );
    if (!body) return;
    lodge.mutate(body, {
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
        toast.success(person ? APPEAL_MESSAGES.lodgedOnBehalf : APPEAL_MESSAGES.lodged);
        onClose();
      },
      onError: entry.failed,
    });
  };
  return (
    <FormDialog
      title={person ? agentTexts.formTitle(person.fullName) : texts.formTitle}
      intro={person ? agentTexts.formIntro : texts.formIntro}
      problem={entry.problem}
      busy={busy}
      labels={[texts.cancel, texts.submit, texts.submitting]}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        {...entry.field('kind')}
        label={texts.kind}
        value={kind}
        onChange={(event) => setKind(event.target.value as AppealKind)}
        required
      >
        {APPEAL_KINDS.map((k) => (
          <MenuItem key={k} value={k} sx={{ minHeight: 48 }}>
            {APPEAL_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...entry.field('grounds')}
        label={person ? agentTexts.grounds : texts.grounds}
        value={grounds}
        onChange={(event) => setGrounds(event.target.value)}
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
