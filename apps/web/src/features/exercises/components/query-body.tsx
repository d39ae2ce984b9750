import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import type { ListQueryState } from '../../../components/list-query-body.tsx';

/**
 * A part of the exercise's page: loading, a failed load with Retry, one quiet line when there is
 * nothing (a page of several such parts would be mostly empty-state pictures), else the content.
 */
export function QueryBody({
  query,
  count,
  loading,
  loadFailed,
  empty,
  children,
}: {
  query: ListQueryState;
  count: number;
  loading: string;
  loadFailed: string;
  empty: string;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState message={loading} />;
  if (query.isError) return <RetryAlert onRetry={() => void query.refetch()}>{loadFailed}</RetryAlert>;
  if (count === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {empty}
      </Typography>
    );
  return children;
}
