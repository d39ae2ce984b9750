import { RECORD_MESSAGES } from '@portal/contract/records';
import { countOf, formatCount } from '../../lib/format.ts';

/** Texts of the Master Records tab (SPEC §2 Master List Records, §8). */
export const RECORDS_TEXTS = {
  title: 'Master Records',
  subtitle: 'Every employee of your master list, with the state of their verification.',
  filtersLabel: 'Filter records',
  filters: { ministry: 'Ministry', department: 'Department', grade: 'Grade', status: 'Status' },
  selectedCount: (n: number) => `${n} selected`,
  clearFilters: 'Clear Filters',
  countChip: (filtered: number, total: number) => `${formatCount(filtered)} / ${countOf(total, 'record')}`,
  columns: {
    employee: 'Employee',
    department: 'Department',
    ministry: 'Ministry',
    grade: 'Grade Level',
    status: 'Status',
  },
  tableLabel: 'Master records',
  loading: 'Loading records',
  noValue: '—',
  emptyTitle: 'No Records Found',
  emptyMessage: 'Upload a master list in File Upload to see its employees here.',
  emptyFilteredMessage: 'No record matches the filters.',
  emptySearchMessage: 'No record matches the search and filters.',
  goToUpload: 'Upload a Master List',
  loadFailed: RECORD_MESSAGES.loadFailed,
  loaded: RECORD_MESSAGES.loaded,
  filtersCleared: RECORD_MESSAGES.filtersCleared,
  focusBanner: (n: number) =>
    `Showing ${countOf(n, 'record')} that ${n === 1 ? 'needs' : 'need'} re-verification`,
  showAll: 'Show All Records',
} as const;
