import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  APPEAL_KIND_LABELS,
  APPEAL_LIMITS,
  AppealAnswerSchema,
  type Appeal,
  type AppealListItem,
} from '@portal/contract/appeals';
import { BusyButton } from '../../../components/busy-button.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMediumDate } from '../../../lib/format.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useAnswerQuestion } from '../api/appeal-actions.ts';
import { useAppeal } from '../api/get-appeal.ts';
import { useMyAppeals } from '../api/get-appeals.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import { AppealStatusChip } from './appeal-chips.tsx';
import { AppealMessages } from './appeal-messages.tsx';
import { DecisionSummary } from './decision-summary.tsx';

const texts = APPEALS_TEXTS.employee;

/**
 * 'Your appeals' on the employee's profile (issue #34 item 4): each appeal's status and deadline,
 * the questions with a box for the one waiting, and once decided the decision with its reason.
 * Nothing shows for an employee who never appealed.
 */
export function MyAppealsSection() {
  const userId = useSession()?.claims.sub ?? '';
  const appeals = useMyAppeals(userId);
  if (appeals.isPending || (appeals.isSuccess && appeals.data.length === 0)) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="my-appeals-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="my-appeals-title" variant="h6" component="h3" sx={{ mb: 1 }}>
          {texts.sectionTitle}
        </Typography>
        {appeals.isError ? (
          <RetryAlert onRetry={() => void appeals.refetch()}>{texts.loadFailed}</RetryAlert>
        ) : (
          <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
            {appeals.data.map((a) => (
              <MyAppeal key={a.id} item={a} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function MyAppeal({ item }: { item: AppealListItem }) {
  const appeal = useAppeal(item.id);
  return (
    <Box component="article" aria-label={APPEAL_KIND_LABELS[item.kind]} data-testid="my-appeal">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{APPEAL_KIND_LABELS[item.kind]}</Typography>
        <AppealStatusChip status={item.status} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {texts.lodgedOn(formatMediumDate(item.lodgedAt))}
        {item.status !== 'DECIDED' && ` · ${texts.deadline(formatMediumDate(item.deadline))}`}
      </Typography>
      {appeal.data && <AppealExchange appeal={appeal.data} />}
      {appeal.isError && <RetryAlert onRetry={() => void appeal.refetch()}>{texts.loadFailed}</RetryAlert>}
    </Box>
  );
}

function AppealExchange({ appeal }: { appeal: Appeal }) {
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }}>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{appeal.grounds}</Typography>
      {appeal.messages.length > 0 && <AppealMessages messages={appeal.messages} />}
      {appeal.status === 'AWAITING_EMPLOYEE' && <AnswerBox appealId={appeal.id} />}
      <DecisionSummary appeal={appeal} noteLabel={texts.note} />
    </Stack>
  );
}

/** The answer to the question waiting (only one waits at a time: the server asks again after an answer). */
function AnswerBox({ appealId }: { appealId: string }) {
  const answer = useAnswerQuestion();
  const toast = useToasts(TENANT_TOASTS);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = AppealAnswerSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    // mutateAsync: the answer moves the appeal on and this box goes away with it, before a
    // mutate() callback of an unmounted component would run.
    answer.mutateAsync({ id: appealId, text: parsed.data.text }).then(
      () => {
        setText('');
        toast.success(texts.answered);
      },
      (e: unknown) => setError(errorMessage(e, texts.loadFailed)),
    );
  };
  return (
    <Box component="form" onSubmit={send} noValidate aria-label={texts.questionWaiting}>
      <Typography sx={{ fontWeight: 600, color: '#b34700', mb: 1 }}>{texts.questionWaiting}</Typography>
      <TextField
        name="answer"
        label={texts.yourAnswer}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error !== null}
        helperText={error}
        required
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: APPEAL_LIMITS.answerMax } }}
      />
      <BusyButton
        type="submit"
        busy={answer.isPending}
        label={texts.sendAnswer}
        busyLabel={texts.sending}
        sx={{ mt: 1.5, minHeight: 48 }}
      />
    </Box>
  );
}
