export interface RecordFilters {
  ministry: string[];
  department: string[];
  grade: string[];
  status: string[];
}

export const NO_FILTERS: RecordFilters = { ministry: [], department: [], grade: [], status: [] };

export const hasFilters = (filters: RecordFilters) =>
  Object.values(filters).some((values) => values.length > 0);

export interface RecordsListQuery extends RecordFilters {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  ids: string[];
  /** A search by name, PSN or Work ID; '' for none. */
  q: string;
}

/**
 * The query string of GET /records: a filter key repeats for several values. Ids do not go here
 * (a request line holds about 300): a query with ids is a POST to /records/search.
 */
export function toQueryString(query: RecordsListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  for (const key of ['ministry', 'department', 'grade', 'status'] as const) {
    for (const value of query[key]) params.append(key, value);
  }
  if (query.q) params.set('q', query.q);
  return params.toString();
}
