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
