import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import type { Campaign } from '@portal/contract/campaigns';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useProgress } from '../api/get-progress.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { AppearedBar } from './appeared-bar.tsx';
import { StateChip } from './state-chip.tsx';

const texts = EXERCISES_TEXTS.list;

/** The URL of an exercise's detail: the same destination with the exercise named in the query. */
export const exerciseHref = (id: string) => `?exercise=${encodeURIComponent(id)}`;

export function scopeText(exercise: Campaign): string {
  if (exercise.allRecords) return texts.allRecords;
  return texts.scopeOf(exercise.ministries.length, exercise.departments.length);
}

/** Each row reads its own progress: the list of exercises carries no counts. */
function RowProgress({ exercise }: { exercise: Campaign }) {
  const progress = useProgress(exercise.id);
  if (!progress.data) return <Skeleton variant="text" width={120} aria-hidden="true" />;
  return (
    <AppearedBar
      appeared={progress.data.appeared}
      inScope={progress.data.inScope}
      label={texts.progressLabel(exercise.name)}
    />
  );
}

const COLUMNS: readonly DataColumn<Campaign>[] = [
  {
    header: texts.name,
    rowHeader: true,
    phone: true,
    cell: (e) => (
      <Link
        component={RouterLink}
        to={exerciseHref(e.id)}
        aria-label={texts.open(e.name)}
        sx={{ fontWeight: 600 }}
      >
        {e.name}
      </Link>
    ),
  },
  { header: texts.state, phone: true, cell: (e) => <StateChip state={e.state} /> },
  {
    header: texts.window,
    cell: (e) => `${formatCalendarDate(e.opensOn)} – ${formatCalendarDate(e.closesOn)}`,
    sx: { whiteSpace: 'nowrap' },
  },
  { header: texts.scope, cell: scopeText, sx: { whiteSpace: 'nowrap' } },
  {
    header: texts.progress,
    phone: true,
    cell: (e) => <RowProgress exercise={e} />,
    sx: { minWidth: 140, width: '28%' },
  },
];

/** The tenant's exercises, newest first; a name opens the exercise. */
export function ExerciseList({ exercises }: { exercises: readonly Campaign[] }) {
  return (
    <ScrollTableContainer label={texts.label}>
      <DataTable columns={COLUMNS} rows={exercises} label={texts.label} minWidth={720} />
    </ScrollTableContainer>
  );
}
