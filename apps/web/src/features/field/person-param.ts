import { useCallback, useEffect, useState } from 'react';

/** The query parameter a printed list's QR code opens the agent's page with (fieldPersonLink). */
export const PERSON_PARAM = 'person';

const personOfLocation = () => new URLSearchParams(window.location.search).get(PERSON_PARAM);

/**
 * The chosen person is the address's ?person=, so a scanned QR code and a search lead to the same
 * card, and Back closes it. Read after the first render: the pre-rendered copy (DECISIONS 200) has
 * no person, and hydration must meet the same markup. The field page has no router: the history's
 * entries are pushed here and read back on popstate.
 */
export function usePersonParam(): [string | null, (id: string | null) => void] {
  const [personId, setPersonId] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setPersonId(personOfLocation());
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  const choose = useCallback((id: string | null) => {
    const url = new URL(window.location.href);
    if (id === null) url.searchParams.delete(PERSON_PARAM);
    else url.searchParams.set(PERSON_PARAM, id);
    window.history.pushState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    setPersonId(id);
  }, []);
  return [personId, choose];
}
