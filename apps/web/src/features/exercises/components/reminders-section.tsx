import { REMINDER_KIND_LABELS, type ReminderRun } from '@portal/contract/campaigns';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { formatCalendarDate, formatCount } from '../../../lib/format.ts';
import { useReminders } from '../api/get-exercise-lists.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { QueryBody } from './query-body.tsx';

const texts = EXERCISES_TEXTS.reminders;

const COLUMNS: readonly DataColumn<ReminderRun>[] = [
  {
    header: texts.day,
    rowHeader: true,
    phone: true,
    cell: (r) => formatCalendarDate(r.day),
    sx: { whiteSpace: 'nowrap' },
  },
  { header: texts.kind, cell: (r) => REMINDER_KIND_LABELS[r.kind] },
  { header: texts.people, align: 'right', cell: (r) => formatCount(r.people) },
  {
    header: texts.email,
    align: 'right',
    phone: true,
    cell: (r) => texts.counts(r.email.sent, r.email.failed),
  },
  { header: texts.sms, align: 'right', phone: true, cell: (r) => texts.counts(r.sms.sent, r.sms.failed) },
  { header: texts.noAddress, align: 'right', cell: (r) => formatCount(r.noAddress) },
];

/** Each reminder run: sent and failed per channel, and the people with no address at all. */
export function RemindersSection({ id }: { id: string }) {
  const reminders = useReminders(id);
  return (
    <TitledSection title={texts.title} gap={1.5}>
      <QueryBody
        query={reminders}
        count={reminders.data?.length ?? 0}
        loading={texts.loading}
        loadFailed={texts.loadFailed}
        empty={texts.empty}
      >
        <ScrollTableContainer label={texts.label}>
          <DataTable columns={COLUMNS} rows={reminders.data ?? []} label={texts.label} small minWidth={640} />
        </ScrollTableContainer>
      </QueryBody>
    </TitledSection>
  );
}
