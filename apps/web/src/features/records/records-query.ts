export interface RecordFilters {
  ministry: string[];
  department: string[];
  grade: string[];
  status: string[];
}

export const NO_FILTERS: RecordFilters = { ministry: [], department: [], grade: [], status: [] };

export const hasFilters = (filters: RecordFilters) =>
  Object.values(filters).some((values) => values.length > 0);

/**
 * Ids travel in the query string, and Node caps a request's line plus headers at 16 KB: 300
 * UUIDs (37 bytes each) leave room for the rest. More are cut to the first 300 (the banner says so).
 */
export const MAX_FOCUS_IDS = 300;

export interface RecordsListQuery extends RecordFilters {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  ids: string[];
}

const SAFE_ID = /^[0-9A-Za-z-]+$/;

/**
 * The query string of GET /records: a filter key repeats for several values; ids are joined
 * with unescaped commas (the server splits on them), which keeps the line short.
 */
export function toQueryString(query: RecordsListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  for (const key of ['ministry', 'department', 'grade', 'status'] as const) {
    for (const value of query[key]) params.append(key, value);
  }
  const ids = query.ids.filter((id) => SAFE_ID.test(id)).slice(0, MAX_FOCUS_IDS);
  return ids.length > 0 ? `${params.toString()}&ids=${ids.join(',')}` : params.toString();
}
