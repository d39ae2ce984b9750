import { useId, useRef } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { APPEAL_ATTACHMENT_TYPES, APPEAL_LIMITS, APPEAL_MESSAGES } from '@portal/contract/appeals';
import { formatFileSize } from '../../../lib/format-file-size.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.employee;
const TYPES: readonly string[] = APPEAL_ATTACHMENT_TYPES;

/** Why a file cannot go (by its declared type and size; the server judges the content again). */
export function attachmentProblem(file: File): string | null {
  if (!TYPES.includes(file.type)) return APPEAL_MESSAGES.attachmentType;
  if (file.size > APPEAL_LIMITS.attachmentMaxBytes) return APPEAL_MESSAGES.attachmentTooLarge;
  return null;
}

/** Documents to send with the appeal: PDF or images, chosen, listed, removable. */
export function AttachmentsField({
  files,
  onChange,
  error,
  disabled,
}: {
  files: readonly File[];
  onChange: (files: File[], problem: string | null) => void;
  error: string | null;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const add = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const problem = list.map(attachmentProblem).find((p) => p !== null) ?? null;
    const ok = list.filter((f) => attachmentProblem(f) === null);
    const next = [...files, ...ok].slice(0, APPEAL_LIMITS.attachmentsPerAppeal);
    onChange(
      next,
      problem ?? (files.length + ok.length > next.length ? APPEAL_MESSAGES.attachmentsFull : null),
    );
    if (input.current) input.current.value = '';
  };
  return (
    <Box>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={APPEAL_ATTACHMENT_TYPES.join(',')}
        data-testid="appeal-files"
        onChange={(event) => add(event.target.files)}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFile />}
        onClick={() => input.current?.click()}
        disabled={disabled || files.length >= APPEAL_LIMITS.attachmentsPerAppeal}
        aria-describedby={hintId}
        sx={{ minHeight: 48 }}
      >
        {texts.files}
      </Button>
      <Typography
        id={hintId}
        variant="body2"
        sx={{ color: error ? 'error.main' : 'text.secondary', mt: 0.5 }}
      >
        {error ?? texts.filesHint}
      </Typography>
      {files.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
          {files.map((f, i) => (
            <Box component="li" key={`${f.name}-${i}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {f.name} ({formatFileSize(f.size)})
              </Typography>
              <IconButton
                aria-label={texts.removeFile(f.name)}
                onClick={() =>
                  onChange(
                    files.filter((_, j) => j !== i),
                    null,
                  )
                }
                disabled={disabled}
                sx={{ width: 48, height: 48 }}
              >
                <Close />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
