import type { NoShowSuspension } from '@portal/contract/campaigns';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { formatCount, formatMediumDateTime, formatNaira } from '../../../lib/format.ts';
import { useSuspensions } from '../api/get-exercise-lists.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { QueryBody } from './query-body.tsx';

const texts = EXERCISES_TEXTS.suspensions;
const count = (n: number | null) => (n === null ? '—' : formatCount(n));

const COLUMNS: readonly DataColumn<NoShowSuspension>[] = [
  { header: texts.requested, rowHeader: true, phone: true, cell: (s) => formatMediumDateTime(s.createdAt) },
  { header: texts.status, phone: true, cell: (s) => texts.statusLabels[s.status] },
  { header: texts.listed, align: 'right', cell: (s) => formatCount(s.listed) },
  { header: texts.suspended, align: 'right', phone: true, cell: (s) => count(s.suspended) },
  {
    header: texts.held,
    align: 'right',
    cell: (s) => (s.suspendedMonthlyPay === null ? '—' : formatNaira(s.suspendedMonthlyPay)),
    sx: { whiteSpace: 'nowrap' },
  },
  { header: texts.skipped, align: 'right', cell: (s) => count(s.skipped) },
  { header: texts.by, cell: (s) => s.requestedByEmail, sx: { overflowWrap: 'anywhere' } },
];

/** The exercise's suspensions of no-shows, newest first. */
export function SuspensionsSection({ id }: { id: string }) {
  const suspensions = useSuspensions(id);
  return (
    <TitledSection title={texts.title} gap={1.5}>
      <QueryBody
        query={suspensions}
        count={suspensions.data?.length ?? 0}
        loading={texts.loading}
        loadFailed={texts.loadFailed}
        empty={texts.empty}
      >
        <ScrollTableContainer label={texts.label}>
          <DataTable
            columns={COLUMNS}
            rows={suspensions.data ?? []}
            label={texts.label}
            small
            minWidth={760}
          />
        </ScrollTableContainer>
      </QueryBody>
    </TitledSection>
  );
}
