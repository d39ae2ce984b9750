import { useCallback, useEffect, useRef } from 'react';
import { useSnackbar } from 'notistack';
import { TOAST_MS } from '@portal/contract/limits';
import type { RecordsPage } from '@portal/contract/records';
import { RECORDS_TEXTS as texts } from './records-texts.ts';

interface LoadState {
  isFetching: boolean;
  isError: boolean;
  isSuccess: boolean;
  data: RecordsPage | undefined;
}

/**
 * Toasts the outcome of loads the user asked for (opening the tab, a filter, Retry), once each:
 * 'Loaded N records successfully' (N = the records matching the filters) or 'Failed to load
 * records'. Background refetches and paging stay silent. Call `announceNext` before changing the query.
 */
export function useLoadAnnouncement(load: LoadState): () => void {
  const { enqueueSnackbar } = useSnackbar();
  const pending = useRef(true);
  const { isFetching, isError, isSuccess, data } = load;

  useEffect(() => {
    if (!pending.current || isFetching) return;
    if (isError) {
      pending.current = false;
      enqueueSnackbar(texts.loadFailed, { variant: 'error', autoHideDuration: TOAST_MS.records });
    } else if (isSuccess && data) {
      pending.current = false;
      enqueueSnackbar(texts.loaded(data.total), { variant: 'success', autoHideDuration: TOAST_MS.records });
    }
  }, [isFetching, isError, isSuccess, data, enqueueSnackbar]);

  return useCallback(() => {
    pending.current = true;
  }, []);
}
