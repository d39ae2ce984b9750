import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  exportChangeCauseText,
  type ExportChange,
  type ExportChangePerson,
} from '@portal/contract/export-changes';
import { BusyButton } from '../../../components/busy-button.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useExportChanges, useDownloadExportChanges } from '../api/export-changes.ts';
import { APPROVALS_TEXTS } from '../approvals-texts.ts';

const texts = APPROVALS_TEXTS.people;
export const EXPORT_CHANGES_PAGE_SIZES = [10, 25, 50] as const;

function Person({ person }: { person: ExportChangePerson }) {
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {person.fullName ?? texts.deleted}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          {' · '}
          {person.psn ?? texts.noPsn}
        </Typography>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[
          person.ministry,
          person.monthlyGrossPay === null
            ? texts.payUnknown
            : `${texts.pay} ${formatNaira(person.monthlyGrossPay)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {exportChangeCauseText(person.cause)}
      </Typography>
    </Box>
  );
}

/**
 * The people behind an export's figures (issue #30 item 6): who it adds to and removes from the
 * payroll since the last approved export, each with the decision that moved them (and its maker),
 * a page at a time, and the whole list as CSV.
 */
export function ExportChanges({
  approvalId,
  added,
  removed,
}: {
  approvalId: string;
  added: number;
  removed: number;
}) {
  const titleId = useId();
  const [change, setChange] = useState<ExportChange>(added === 0 && removed > 0 ? 'REMOVED' : 'ADDED');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(EXPORT_CHANGES_PAGE_SIZES[0]);
  const people = useExportChanges(approvalId, change, page + 1, pageSize);
  const download = useDownloadExportChanges();
  const data = people.data;
  const isAdded = change === 'ADDED';

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1, mt: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography
          id={titleId}
          variant="subtitle2"
          component="h4"
          sx={{ fontWeight: 600, flex: '1 1 auto' }}
        >
          {texts.title}
        </Typography>
        <BusyButton
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          busy={download.isPending}
          label={texts.download}
          busyLabel={texts.downloading}
          onClick={() => download.mutate(approvalId)}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {texts.subtitle}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={change}
        aria-label={texts.changeLabel}
        onChange={(_event, next: ExportChange | null) => {
          if (!next) return;
          setChange(next);
          setPage(0);
        }}
      >
        <ToggleButton value="ADDED">{texts.added(added)}</ToggleButton>
        <ToggleButton value="REMOVED">{texts.removed(removed)}</ToggleButton>
      </ToggleButtonGroup>
      {download.isError && (
        <Alert severity="error">{texts.downloadFailed(errorMessage(download.error, ''))}</Alert>
      )}
      {people.isError && !data ? (
        <Alert severity="error">{errorMessage(people.error, texts.loadFailed)}</Alert>
      ) : !data ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.loading}
        </Typography>
      ) : data.items.length === 0 && data.total === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {isAdded ? texts.noneAdded : texts.noneRemoved}
        </Typography>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={texts.listLabel(isAdded)}
            aria-busy={people.isPlaceholderData}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {data.items.map((person) => (
              <Person key={`${person.change}-${person.recordId}`} person={person} />
            ))}
          </Box>
          <TablePaginationBar
            count={data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={EXPORT_CHANGES_PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        </>
      )}
    </Box>
  );
}
