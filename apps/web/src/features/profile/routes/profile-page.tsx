import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import FaceRetouchingNaturalOutlined from '@mui/icons-material/FaceRetouchingNaturalOutlined';
import { LoadingState } from '../../../components/loading-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMyRecord } from '../api/get-my-record.ts';
import { useReverifyRecord } from '../api/reverify-record.ts';
import { ActionRequiredCard } from '../components/action-required-card.tsx';
import { ComingSoonCard } from '../components/coming-soon-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { RecordHistoryCard } from '../components/record-history-card.tsx';
import { needsReverification } from '../profile-record.ts';
import { PROFILE_TEXTS } from '../profile-texts.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';

const texts = PROFILE_TEXTS;

/**
 * What another feature shows on the profile (the app's route table puts them together, so features
 * do not import each other): the appeals of issue #34.
 */
export interface ProfileAppeals {
  /** Beside the record's status ('Appeal this decision' next to a rejection or suspension). */
  action: (status: string) => ReactNode;
  /** Under the record: the employee's appeals. */
  section: ReactNode;
}

/** /dashboard/user/profile (SPEC §2 Employee dashboard): the employee's own record. */
export function ProfilePage({ appeals }: { appeals?: ProfileAppeals } = {}) {
  // The role guard above this route lets only a signed-in employee in.
  const userId = useSession()?.claims.sub ?? '';
  const record = useMyRecord(userId);
  const reverify = useReverifyRecord(userId);

  if (record.isPending) return <LoadingState message={texts.loading} />;
  if (record.isError) {
    // An account without a linked record (e.g. the demo employee): say so; retrying will not help.
    if (record.error instanceof ApiError && record.error.status === 404) {
      return (
        <Alert severity="info">
          <AlertTitle>{texts.noRecord}</AlertTitle>
          {texts.noRecordNextStep}
        </Alert>
      );
    }
    return <RetryAlert onRetry={() => void record.refetch()}>{texts.loadFailed}</RetryAlert>;
  }

  const data = record.data;
  return (
    <Stack spacing={3}>
      {(needsReverification(data) || reverify.isSuccess) && (
        <ActionRequiredCard recordId={data.id} status={data.status} reverify={reverify} />
      )}
      <ProfileCard record={data} statusAction={appeals?.action(data.status)} />
      {appeals?.section}
      <RecordHistoryCard userId={userId} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <ComingSoonCard
          title={texts.comingSoon.loans.title}
          description={texts.comingSoon.loans.description}
          icon={<AccountBalanceOutlined />}
        />
        <ComingSoonCard
          title={texts.comingSoon.liveness.title}
          description={texts.comingSoon.liveness.description}
          icon={<FaceRetouchingNaturalOutlined />}
        />
      </Box>
    </Stack>
  );
}
