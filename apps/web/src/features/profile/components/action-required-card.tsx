import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { ReverifyRequestSchema, reverifyMessageOf } from '@portal/contract/claims';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import type { useReverifyRecord } from '../api/reverify-record.ts';
import { PROFILE_TEXTS } from '../profile-texts.ts';

const texts = PROFILE_TEXTS.actionRequired;
/** Dark amber with 5.5:1 on white; MUI's warning.main is too light for text. */
const AMBER = '#b34700';

/** The server's message (wrong SSID/NIN, provider down, no longer awaiting), else SPEC §8's text. */
export function reverifyFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS && error.serverMessage) {
    return error.serverMessage;
  }
  return texts.failed;
}

export interface ActionRequiredCardProps {
  recordId: string;
  /** The record's status when the card was shown: a suspended no-show is told why (issue #33). */
  status?: string;
  /** Held by the page, so the card (and its answer) stays after the record's status moves on. */
  reverify: ReturnType<typeof useReverifyRecord>;
}

/**
 * SPEC §2/§4: a record AWAITING_REVALIDATION asks for SSID and NIN again. After a re-verification the
 * form is disabled; it says the record is pending final review only when it is (issue #17: a
 * record found to differ from the identity provider is MISMATCHED, and is said to be).
 */
export function ActionRequiredCard({ recordId, status, reverify }: ActionRequiredCardProps) {
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
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="action-required-title"
      sx={{ borderColor: AMBER, borderLeftWidth: 6 }}
    >
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: AMBER }}>
          <WarningAmber aria-hidden="true" />
          <Typography id="action-required-title" variant="h6" component="h3" sx={{ color: AMBER }}>
            {texts.title}
          </Typography>
        </Box>
        <Typography sx={{ mt: 1, mb: 2.5 }}>
          {status === 'SUSPENDED' ? texts.suspendedMessage : texts.message}
        </Typography>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...register('ssid')}
              label={texts.ssid}
              required
              fullWidth
              autoComplete="off"
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
              sx={{ minWidth: 140, minHeight: 40 }}
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
      </CardContent>
    </Card>
  );
}
