import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { QUEUE_TAB_PARAM, parseQueueTab } from '../../../lib/queue-tab.ts';
import type { QueueKind } from '../api/validation-keys.ts';

/**
 * The open queue lives in the address (`?tab=`), so a link can open either tab and a reload keeps
 * it. Switching tabs replaces the entry: Back leaves the queue instead of stepping through tabs.
 */
export function useQueueTab(): [QueueKind, (kind: QueueKind) => void] {
  const [params, setParams] = useSearchParams();
  const kind: QueueKind = parseQueueTab(params.get(QUEUE_TAB_PARAM));
  const setKind = useCallback(
    (next: QueueKind) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(QUEUE_TAB_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [kind, setKind];
}
