import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { CLAIM_MESSAGES, ReverifyRequestSchema, reverifyMessageOf } from '@portal/contract/claims';
import { ApiError, NETWORK_ERROR_STATUS } from '../lib/api-client.ts';
import type { ReverifyMutation } from '../lib/reverify-record.ts';
import { useZodForm } from '../lib/use-zod-form.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

export const REVERIFY_FORM_TEXTS = {
  ssid: 'SSID',
  nin: 'NIN',
  submit: 'Re-verify',
  busy: 'Re-verifying...',
  failed: CLAIM_MESSAGES.reverifyFailed,
} as const;

const texts = REVERIFY_FORM_TEXTS;

/** The server's message (wrong SSID/NIN, provider down, no longer awaiting, not found), else SPEC §8's text. */
export function reverifyFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS && error.serverMessage) {
    return error.serverMessage;
  }
  return texts.failed;
}

export interface ReverifyFormProps {
  recordId: string;
  /**
   * Held by the screen, not the form, so the answer stays once the record's status moves on and
   * the screen no longer asks for a re-verification.
   */
  reverify: ReverifyMutation;
  /** The form's accessible name, where the screen has more than one SSID field. */
  label?: string;
  /** Focus the SSID when the form appears on request (the agent's 'Re-verify with them'). */
  autoFocus?: boolean;
}

/**
 * SSID and NIN asked again for a record awaiting re-verification (SPEC §2/§4), on the employee's
 * profile and on the field agent's person card (issue #33). After an answer the form is disabled;
 * it says the record is pending final review only when it is (issue #17: a record found to differ
 * from the identity provider is MISMATCHED, and is said to be).
 */
export function ReverifyForm({ recordId, reverify, label, autoFocus = false }: ReverifyFormProps) {
  const done = reverify.isSuccess;
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useZodForm(ReverifyRequestSchema, { ssid: '', nin: '' });
  const onSubmit = handleSubmit((input) => {
    if (reverify.isPending || done) return;
    reverify.mutate({ recordId, ...input });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={label}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...register('ssid')}
          label={texts.ssid}
          required
          fullWidth
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={done}
          error={errors.ssid !== undefined}
          helperText={errors.ssid?.message}
        />
        <TextField
          {...register('nin')}
          label={texts.nin}
          required
          fullWidth
          autoComplete="off"
          disabled={done}
          error={errors.nin !== undefined}
          helperText={errors.nin?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      {done &&
        (reverify.data.newStatus === 'PENDING_GRADE_VALIDATION' ? (
          <Alert severity="success" role="status" icon={<CheckCircleOutlined fontSize="inherit" />}>
            {reverifyMessageOf(reverify.data.newStatus)}
          </Alert>
        ) : (
          // Checked, but not cleanly: say what happened, not 'successful'.
          <Alert severity="warning" role="status" icon={<WarningAmberOutlined fontSize="inherit" />}>
            {reverifyMessageOf(reverify.data.newStatus)}
          </Alert>
        ))}
      {reverify.isError && (
        <Alert severity="error" icon={<WarningAmberOutlined fontSize="inherit" />}>
          {reverifyFailureText(reverify.error)}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || reverify.isPending || done}
          aria-busy={reverify.isPending}
          sx={{ minWidth: 140, minHeight: 48 }}
        >
          {reverify.isPending ? (
            <>
              <CircularProgress size={24} color="inherit" aria-hidden="true" />
              <span style={visuallyHidden}>{texts.busy}</span>
            </>
          ) : (
            texts.submit
          )}
        </Button>
      </Box>
    </Stack>
  );
}
