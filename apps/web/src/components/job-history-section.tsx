import type { ReactNode } from 'react';
import { LoadingState } from './loading-state.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { TitledSection } from './titled-section.tsx';

interface HistoryQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The polled history of a tab's jobs: a failed load (with Retry, kept above the last rows shown),
 * the loading state, the table once there are rows, and `empty` when there are none.
 */
export function JobHistorySection<T>({
  title,
  query,
  loadFailed,
  loading,
  empty,
  children,
}: {
  title: string;
  query: HistoryQuery<T>;
  loadFailed: string;
  loading: string;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <TitledSection title={title} gap={1}>
      {query.isError && (
        <RetryAlert sx={{ mb: 2 }} onRetry={() => void query.refetch()}>
          {loadFailed}
        </RetryAlert>
      )}
      {query.isPending ? (
        <LoadingState message={loading} />
      ) : query.data && query.data.length > 0 ? (
        children(query.data)
      ) : query.data ? (
        empty
      ) : null}
    </TitledSection>
  );
}
