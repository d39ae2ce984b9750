import { useState } from 'react';
import { Controller } from 'react-hook-form';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  APPEAL_KIND_LABELS,
  APPEAL_KINDS,
  APPEAL_LIMITS,
  PublicAppealCreateSchema,
  type PublicAppealLodged,
} from '@portal/contract/appeals';
import { BusyButton } from '../../../components/busy-button.tsx';
import { formatMediumDate } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useLodgePublicAppeal } from '../api/lodge-public-appeal.ts';
import { PUBLIC_APPEAL_TEXTS } from '../public-appeal-texts.ts';

const texts = PUBLIC_APPEAL_TEXTS;
const AppealFormSchema = PublicAppealCreateSchema.omit({ claimId: true });

export interface PublicAppealFormProps {
  /** The claim whose identity check passed: it names the record, and is spent by the appeal. */
  claimId: string;
  headers: Record<string, string> | undefined;
  startOver: () => void;
  /** The claim's wording of a failed call (the kept-step text when no answer came). */
  failureText: (error: unknown, fallback: string) => string;
}

/**
 * The public appeal's last step (issue #34 item 4): what happened and the grounds. Once lodged it
 * shows the reference and the deadline instead of the form; a refusal shows the server's words
 * (409: the record is not suspended; 400: the claim expired or was spent: Start Over).
 */
export function PublicAppealForm({ claimId, headers, startOver, failureText }: PublicAppealFormProps) {
  const lodge = useLodgePublicAppeal();
  const [problem, setProblem] = useState<string | null>(null);
  const [lodged, setLodged] = useState<PublicAppealLodged | null>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useZodForm(AppealFormSchema, { grounds: '' });

  if (lodged) return <LodgedAppeal lodged={lodged} />;
  const busy = lodge.isPending;
  const submit = handleSubmit((appeal) => {
    if (busy) return;
    setProblem(null);
    lodge.mutate(
      { body: { ...appeal, claimId }, headers },
      { onSuccess: setLodged, onError: (error) => setProblem(failureText(error, texts.failed)) },
    );
  });
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} data-testid="public-appeal-form">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.step.hint}
      </Typography>
      <Controller
        control={control}
        name="kind"
        render={({ field, fieldState }) => (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            label={texts.kind}
            required
            fullWidth
            autoFocus
            disabled={busy}
            error={fieldState.error !== undefined}
            helperText={fieldState.error && texts.kindRequired}
          >
            {APPEAL_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind} sx={{ minHeight: 48 }}>
                {APPEAL_KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...register('grounds')}
        label={texts.grounds}
        required
        fullWidth
        multiline
        minRows={5}
        disabled={busy}
        error={errors.grounds !== undefined}
        helperText={errors.grounds?.message ?? texts.groundsHint}
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.groundsMax } }}
      />
      {problem && (
        <Alert
          severity="error"
          role="alert"
          icon={<WarningAmberOutlined fontSize="inherit" />}
          data-testid="public-appeal-problem"
        >
          {problem}
        </Alert>
      )}
      <Stack spacing={1}>
        <BusyButton
          type="submit"
          size="large"
          fullWidth
          busy={busy}
          disabled={!isValid}
          label={texts.step.submit}
          busyLabel={texts.step.busy}
          sx={{ minHeight: 48 }}
        />
        <Button variant="text" onClick={startOver} disabled={busy} sx={{ minHeight: 48 }}>
          {texts.startOver}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The lodged appeal: the server's message, its reference and the decision's deadline; no form. */
function LodgedAppeal({ lodged }: { lodged: PublicAppealLodged }) {
  return (
    <Stack spacing={2} data-testid="public-appeal-lodged">
      <Alert severity="success" role="status" icon={<CheckCircleOutlined fontSize="inherit" />}>
        {lodged.message}
      </Alert>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        <div>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {texts.lodged.reference}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere' }}
            data-testid="public-appeal-reference"
          >
            {lodged.reference}
          </Typography>
        </div>
        <div>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {texts.lodged.deadline}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatMediumDate(lodged.deadline)}
          </Typography>
        </div>
      </Box>
    </Stack>
  );
}

/** Above the steps: whom the page is for. */
export function PublicAppealIntro() {
  return (
    // A standing note, not news: MUI's default role 'alert' would be read out as one.
    <Alert severity="info" variant="outlined" role="note">
      {texts.intro}
    </Alert>
  );
}
