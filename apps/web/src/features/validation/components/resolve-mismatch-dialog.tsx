import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecordListItem } from '@portal/contract/records';
import type { ComparisonRow } from '@portal/contract/verification';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { WARNING_TEXT_COLOR } from '../../../components/stat-card.tsx';
import { VerdictChip } from '../../../components/verdict-chip.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useComparison } from '../api/get-comparison.ts';
import { fieldLabel, fieldValue } from '../utils/field-label.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { dialogPaper } from './record-dialog-paper.ts';
import { SalaryGradeField, salaryGradeChange, salaryGradeError } from './salary-grade-field.tsx';

const texts = VALIDATION_TEXTS.resolve;

/** What the dialog ends with (SPEC §2): accept the SoT data, edit manually, or cancel. */
export type ResolveResult = 'accept' | 'edit' | 'cancel';

export interface ResolveMismatchDialogProps {
  record: RecordListItem;
  /** Accepting is on its way. */
  busy: boolean;
  /** With 'accept', the salary grade id for the source of truth's grade when the grade changes. */
  onClose: (result: ResolveResult, salaryGradeId?: string) => void;
}

const HIGHLIGHT = { bgcolor: 'rgba(237, 108, 2, 0.12)' };
/** A close value differs too, forgiven: marked more lightly than a difference. */
const CLOSE_HIGHLIGHT = { bgcolor: 'rgba(2, 136, 209, 0.06)' };

/**
 * How similar two values are says something of names only: 'GL 08' and 'GL 09', or two dates, are
 * the same or not, never '0% similar' (issue #31).
 */
const SIMILAR_NAMES: ReadonlySet<string> = new Set(['fullName']);

const COLUMNS: DataColumn<ComparisonRow>[] = [
  {
    header: texts.field,
    phone: true,
    rowHeader: true,
    sx: { fontWeight: 500 },
    cell: (row) => (
      <>
        {fieldLabel(row.field)}
        {row.isMismatched && <span style={visuallyHidden}>{`, ${texts.differs}`}</span>}
      </>
    ),
  },
  { header: texts.original, phone: true, cell: (row) => fieldValue(row.field, row.originalValue) },
  {
    header: texts.sot,
    phone: true,
    cell: (row) => fieldValue(row.field, row.sotValue),
    rowSx: (row) => (row.isMismatched ? { color: WARNING_TEXT_COLOR, fontWeight: 700 } : undefined),
  },
  {
    // The verdict, how similar the values are, and why a difference was forgiven or not (issue #20).
    header: texts.verdict,
    phone: true,
    cell: (row) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <VerdictChip verdict={row.verdict} />
        {row.verdict !== 'MATCH' && (SIMILAR_NAMES.has(row.field) || row.reason) && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {[SIMILAR_NAMES.has(row.field) && texts.similarity(Math.round(row.similarity * 100)), row.reason]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
      </Stack>
    ),
  },
];

/** 'Resolve Data Mismatch' (800 px, at most 90vw): the uploaded data beside the SoT data. */
export function ResolveMismatchDialog({ record, busy, onClose }: ResolveMismatchDialogProps) {
  const titleId = useId();
  const explanationId = useId();
  const comparison = useComparison(record.id);
  const rows = comparison.data ?? [];
  // Accepting a grade of the source of truth needs the salary grade id of that grade (issue #17).
  const grade = rows.find((row) => row.field === 'gradeLevel')?.sotValue ?? record.gradeLevel;
  const change = salaryGradeChange(record, grade);
  const [typed, setTyped] = useState<string | null>(null);
  const salaryGradeId = typed ?? change.suggested ?? '';
  const salaryGradeProblem = change.needed ? salaryGradeError(grade, salaryGradeId, change) : '';

  let content;
  if (comparison.isPending) content = <LoadingState message={texts.loading} />;
  else if (comparison.isError) content = <Alert severity="error">{texts.loadFailed}</Alert>;
  else
    content = (
      <ScrollTableContainer label={texts.tableLabel}>
        <DataTable
          small
          label={texts.tableLabel}
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.field}
          rowProps={(row) => ({
            sx: row.isMismatched ? HIGHLIGHT : row.verdict === 'CLOSE' ? CLOSE_HIGHLIGHT : undefined,
            'data-mismatched': row.isMismatched,
          })}
        />
      </ScrollTableContainer>
    );

  return (
    <Dialog
      open
      onClose={busy ? undefined : () => onClose('cancel')}
      aria-labelledby={titleId}
      aria-describedby={explanationId}
      slotProps={dialogPaper(800)}
    >
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {texts.title}
      </DialogTitle>
      <Typography sx={{ px: 3, color: 'text.secondary' }}>{record.fullName}</Typography>
      <DialogContent>
        <DialogContentText id={explanationId} sx={{ mb: 2 }}>
          {texts.explanation}
        </DialogContentText>
        <Box>{content}</Box>
        {comparison.isSuccess && change.needed && (
          <Box sx={{ mt: 2.5 }}>
            <SalaryGradeField
              label={texts.newSalaryGradeId(grade ?? '')}
              value={salaryGradeId}
              onChange={setTyped}
              error={typed === null ? '' : salaryGradeProblem}
              helperText={texts.salaryGradeHint(change.from, grade ?? '')}
              disabled={busy}
              required
            />
          </Box>
        )}
      </DialogContent>
      <DialogButtons
        busy={busy}
        onCancel={() => onClose('cancel')}
        labels={[texts.cancel, texts.accept, texts.accepting]}
        confirm={{
          disabled: !comparison.isSuccess || Boolean(salaryGradeProblem),
          color: 'success',
          onClick: () => onClose('accept', change.needed ? salaryGradeId.trim() : undefined),
        }}
      >
        <Button variant="outlined" onClick={() => onClose('edit')} disabled={busy}>
          {texts.editManually}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}
