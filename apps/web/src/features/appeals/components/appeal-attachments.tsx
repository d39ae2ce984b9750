import { useState } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AppealAttachment } from '@portal/contract/appeals';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatFileSize } from '../../../lib/format-file-size.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { downloadAttachment } from '../api/appeal-files.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.detail;

/**
 * The documents attached, each a download (the server never serves one inline, and a plain link
 * could not send the token).
 */
export function AppealAttachments({
  appealId,
  attachments,
}: {
  appealId: string;
  attachments: readonly AppealAttachment[];
}) {
  const toast = useToasts(TENANT_TOASTS);
  const [busy, setBusy] = useState<string | null>(null);
  if (attachments.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.noAttachments}
      </Typography>
    );
  const download = async (a: AppealAttachment) => {
    setBusy(a.id);
    try {
      await downloadAttachment(appealId, a);
    } catch (error) {
      toast.error(errorMessage(error, texts.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box component="ul" aria-label={texts.attachments} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {attachments.map((a) => (
        <Box component="li" key={a.id} sx={{ py: 0.5 }}>
          <Button
            startIcon={<AttachFile />}
            onClick={() => void download(a)}
            disabled={busy === a.id}
            aria-label={texts.download(a.fileName)}
            sx={{ minHeight: 48, textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {a.fileName} ({formatFileSize(a.sizeBytes)})
          </Button>
        </Box>
      ))}
    </Box>
  );
}
