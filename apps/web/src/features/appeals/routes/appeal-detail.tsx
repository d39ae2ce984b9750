import { useState, type ReactNode } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  APPEAL_CHANNEL_LABELS,
  APPEAL_DECISION_LABELS,
  APPEAL_KIND_LABELS,
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
  AppealAnswerSchema,
  AppealAskSchema,
  type Appeal,
} from '@portal/contract/appeals';
import { BusyButton } from '../../../components/busy-button.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMediumDate, formatMediumDateTime, formatRecordStatus } from '../../../lib/format.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useAnswerQuestion, useAskQuestion, useAssignAppeal } from '../api/appeal-actions.ts';
import { useAppeal } from '../api/get-appeal.ts';
import { AppealAttachments } from '../components/appeal-attachments.tsx';
import { AppealStatusChip, DeadlineChip } from '../components/appeal-chips.tsx';
import { AppealMessages } from '../components/appeal-messages.tsx';
import { AssignDialog } from '../components/assign-dialog.tsx';
import { DecideDialog } from '../components/decide-dialog.tsx';
import { DecisionSummary } from '../components/decision-summary.tsx';
import { TextDialog } from '../components/text-dialog.tsx';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import type { AppealsVariant } from './appeals-page.tsx';

const texts = APPEALS_TEXTS;
type Open = 'assign' | 'ask' | 'answer' | 'decide' | null;

/** One appeal (issue #34 item 2): the record then and now, the grounds, the exchange, the files, the actions. */
export function AppealDetail({
  id,
  variant,
  onBack,
}: {
  id: string;
  variant: AppealsVariant;
  onBack: () => void;
}) {
  const appeal = useAppeal(id);
  return (
    <Stack spacing={3}>
      <Box>
        <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ minHeight: 48 }}>
          {texts.detail.back}
        </Button>
      </Box>
      {appeal.isPending && <LoadingState message={texts.detail.loading} />}
      {appeal.isError && (
        <RetryAlert onRetry={() => void appeal.refetch()}>
          {errorMessage(appeal.error, texts.detail.loadFailed)}
        </RetryAlert>
      )}
      {appeal.data && <AppealBody appeal={appeal.data} variant={variant} />}
    </Stack>
  );
}

function AppealBody({ appeal, variant }: { appeal: Appeal; variant: AppealsVariant }) {
  const [open, setOpen] = useState<Open>(null);
  const heard = appeal.status === 'OPEN' || appeal.status === 'AWAITING_EMPLOYEE';
  return (
    <>
      <Box>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {texts.detail.title(appeal.fullName)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <AppealStatusChip status={appeal.status} />
          <DeadlineChip state={appeal.deadlineState} daysLeft={appeal.daysLeft} />
        </Box>
      </Box>
      {appeal.status === 'AWAITING_APPROVAL' && (
        <Alert severity="info">
          {appeal.pendingDecision && (
            <strong>{texts.detail.pending(APPEAL_DECISION_LABELS[appeal.pendingDecision.decision])} </strong>
          )}
          {APPEAL_MESSAGES.awaitsApproval}
        </Alert>
      )}
      <DecisionSummary appeal={appeal} withArrears />
      {heard && <AppealActions appeal={appeal} variant={variant} onOpen={setOpen} />}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={3}>
            <TitledSection title={texts.detail.record} gap={1.5}>
              <Facts
                rows={[
                  [texts.detail.statusThen, formatRecordStatus(appeal.appealedStatus)],
                  [texts.detail.statusNow, formatRecordStatus(appeal.recordStatus)],
                  [texts.list.psn, appeal.psn ?? '—'],
                  [texts.list.ministry, appeal.ministry ?? '—'],
                  [texts.list.kind, APPEAL_KIND_LABELS[appeal.kind]],
                  [texts.list.channel, APPEAL_CHANNEL_LABELS[appeal.channel]],
                  [texts.list.lodged, formatMediumDateTime(appeal.lodgedAt)],
                  [texts.detail.lodgedBy, appeal.lodgedByEmail ?? '—'],
                  [texts.detail.deadline, formatMediumDate(appeal.deadline)],
                  [texts.list.handler, appeal.handler?.email ?? texts.list.unassigned],
                ]}
              />
            </TitledSection>
            <TitledSection title={texts.detail.grounds} gap={1}>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {appeal.grounds}
              </Typography>
            </TitledSection>
            <TitledSection title={texts.detail.messages} gap={1}>
              <AppealMessages messages={appeal.messages} />
            </TitledSection>
            <TitledSection title={texts.detail.attachments} gap={1}>
              <AppealAttachments appealId={appeal.id} attachments={appeal.attachments} />
            </TitledSection>
          </Stack>
        </CardContent>
      </Card>
      <Dialogs appeal={appeal} open={open} onClose={() => setOpen(null)} />
    </>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What the handler can do while the appeal is heard; the server decides who may. */
function AppealActions({
  appeal,
  variant,
  onOpen,
}: {
  appeal: Appeal;
  variant: AppealsVariant;
  onOpen: (open: Open) => void;
}) {
  const userId = useSession()?.claims.sub ?? '';
  const assign = useAssignAppeal();
  const toast = useToasts(TENANT_TOASTS);
  const take = () =>
    assign.mutate(
      { id: appeal.id, handlerUserId: userId },
      {
        onSuccess: () => toast.success(texts.assign.taken),
        onError: (error) => toast.error(errorMessage(error, texts.assign.title)),
      },
    );
  return (
    <Box
      component="section"
      aria-label={texts.detail.actions}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
    >
      {variant === 'tenant' ? (
        <Button variant="outlined" onClick={() => onOpen('assign')}>
          {texts.assign.open}
        </Button>
      ) : (
        appeal.handler?.id !== userId && (
          <BusyButton variant="outlined" busy={assign.isPending} label={texts.assign.take} onClick={take} />
        )
      )}
      <Button variant="outlined" onClick={() => onOpen('ask')}>
        {texts.ask.open}
      </Button>
      {variant === 'tenant' && appeal.status === 'AWAITING_EMPLOYEE' && (
        <Button variant="outlined" onClick={() => onOpen('answer')}>
          {texts.letterAnswer.open}
        </Button>
      )}
      <Button variant="contained" onClick={() => onOpen('decide')}>
        {texts.decide.open}
      </Button>
    </Box>
  );
}

function Dialogs({ appeal, open, onClose }: { appeal: Appeal; open: Open; onClose: () => void }) {
  const ask = useAskQuestion();
  const answer = useAnswerQuestion();
  const toast = useToasts(TENANT_TOASTS);
  if (open === 'assign') return <AssignDialog appeal={appeal} onClose={onClose} />;
  if (open === 'decide') return <DecideDialog appeal={appeal} onClose={onClose} />;
  if (open === 'ask')
    return (
      <TextDialog
        texts={texts.ask}
        label={texts.ask.question}
        maxLength={APPEAL_LIMITS.questionMax}
        schema={AppealAskSchema.shape.question}
        busy={ask.isPending}
        onSend={(question, onError) =>
          ask.mutate(
            { id: appeal.id, question },
            {
              onSuccess: () => {
                toast.success(texts.ask.done);
                onClose();
              },
              onError,
            },
          )
        }
        onClose={onClose}
      />
    );
  if (open === 'answer')
    return (
      <TextDialog
        texts={texts.letterAnswer}
        label={texts.letterAnswer.text}
        maxLength={APPEAL_LIMITS.answerMax}
        schema={AppealAnswerSchema.shape.text}
        busy={answer.isPending}
        onSend={(text, onError) =>
          answer.mutate(
            { id: appeal.id, text },
            {
              onSuccess: () => {
                toast.success(texts.letterAnswer.done);
                onClose();
              },
              onError,
            },
          )
        }
        onClose={onClose}
      />
    );
  return null;
}
