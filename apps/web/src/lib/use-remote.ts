import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  data: T | undefined;
  /** The last call's failure; the data of an earlier call stays (a refetch that fails keeps it). */
  error: unknown;
  failed: boolean;
  /** A call is under way. */
  fetching: boolean;
  /** Asks again. */
  reload: () => void;
}

/**
 * One answer of the API and its loading, for the field pages, which have no react-query (DECISIONS
 * 200): `load` (stable: a new one is a new question, whose answer replaces the last) is called on
 * mount, on `reload()` and whenever `refresh` changes (the desk's 'read again' after a claim or a
 * re-verification). With `initial` (a person a search already answered) the first call is skipped.
 * `null` asks nothing.
 */
export function useRemote<T>(
  load: (() => Promise<T>) | null,
  { initial, refresh = 0 }: { initial?: T; refresh?: number } = {},
): Remote<T> {
  const [state, setState] = useState<Omit<Remote<T>, 'reload'>>({
    data: initial,
    error: undefined,
    failed: false,
    fetching: load !== null && initial === undefined,
  });
  const [round, setRound] = useState(0);
  const skipFirst = useRef(initial !== undefined);
  const asked = useRef(load);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const changed = asked.current !== load;
    asked.current = load;
    if (load === null) {
      setState({ data: undefined, error: undefined, failed: false, fetching: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, data: changed ? undefined : s.data, fetching: true }));
    load().then(
      (data) => live && setState({ data, error: undefined, failed: false, fetching: false }),
      (error: unknown) => live && setState((s) => ({ data: s.data, error, failed: true, fetching: false })),
    );
    return () => {
      live = false;
    };
  }, [load, refresh, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
