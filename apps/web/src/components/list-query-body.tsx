import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './empty-state.tsx';
import { LoadingState } from './loading-state.tsx';
import { RetryAlert } from './retry-alert.tsx';

/** What the body needs of a list's query (TanStack Query's result has it). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The body of a section showing a loaded list: the loading state, a failed load with Retry, the
 * empty state when the list has nothing, else the list itself (`children`).
 */
export function ListQueryBody({
  query,
  count,
  loading,
  loadFailed,
  empty,
  children,
}: {
  query: ListQueryState;
  /** How many items the list has. */
  count: number;
  loading: string;
  /** The text of a failed load; without it a failure shows as an empty list. */
  loadFailed?: ReactNode;
  /** The empty state; its title is an h4 unless said. */
  empty: EmptyStateProps;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState message={loading} />;
  if (query.isError && loadFailed !== undefined)
    return <RetryAlert onRetry={() => void query.refetch()}>{loadFailed}</RetryAlert>;
  if (count === 0) return <EmptyState titleComponent="h4" {...empty} />;
  return children;
}
