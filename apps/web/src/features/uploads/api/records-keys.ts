/**
 * Query keys of the records API. The records feature uses the same prefixes (features do not
 * import each other): invalidating ['records'] refreshes the list, the facets and the history.
 */
export const RECORDS_KEY = ['records'] as const;
export const UPLOAD_HISTORY_KEY = ['records', 'uploads'] as const;
