import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { RecordDecision } from '@portal/contract/claims';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { formatMediumDateTime, formatRecordStatus } from '../../../lib/format.ts';
import { useMyRecordHistory } from '../api/get-my-record-history.ts';
import { PROFILE_TEXTS } from '../profile-texts.ts';

const texts = PROFILE_TEXTS.history;

/**
 * 'Decisions on your record' (issue #22): each status change of the employee's record, newest
 * first, with its date and reason, so that they can raise it with the tenant. The server sends
 * neither who decided nor the reviewer's note.
 */
export function RecordHistoryCard({ userId }: { userId: string }) {
  const history = useMyRecordHistory(userId);
  return (
    <Card variant="outlined" component="section" aria-labelledby="record-history-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="record-history-title" variant="h6" component="h3">
          {texts.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {texts.intro}
        </Typography>
        {history.isPending && <Typography sx={{ color: 'text.secondary' }}>{texts.loading}</Typography>}
        {history.isError && (
          <RetryAlert onRetry={() => void history.refetch()}>{texts.loadFailed}</RetryAlert>
        )}
        {history.isSuccess && history.data.items.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{texts.empty}</Typography>
        )}
        {history.isSuccess && history.data.items.length > 0 && (
          <Box component="ol" aria-label={texts.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {[...history.data.items].reverse().map((decision, i) => (
              <DecisionRow key={`${decision.at}-${i}`} decision={decision} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function DecisionRow({ decision }: { decision: RecordDecision }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <time dateTime={decision.at}>{formatMediumDateTime(decision.at)}</time>
      </Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {decision.from
          ? texts.change(formatRecordStatus(decision.from), formatRecordStatus(decision.to))
          : formatRecordStatus(decision.to)}
      </Typography>
      {decision.reasonLabel && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {texts.reason}: {decision.reasonLabel}
        </Typography>
      )}
    </Box>
  );
}
