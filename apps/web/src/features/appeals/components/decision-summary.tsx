import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { APPEAL_DECISION_LABELS, REINSTATING_DECISIONS, type Appeal } from '@portal/contract/appeals';
import { formatMediumDate, formatNaira, formatRecordStatus } from '../../../lib/format.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.detail;

/**
 * A decided appeal: the code, the note the employee sees and when; for the handlers (`withArrears`)
 * where the record went and the arrears owed.
 */
export function DecisionSummary({
  appeal,
  withArrears = false,
  noteLabel,
}: {
  appeal: Appeal;
  withArrears?: boolean;
  noteLabel?: string;
}) {
  if (!appeal.decision) return null;
  const reinstated = REINSTATING_DECISIONS.includes(appeal.decision);
  const arrears = appeal.arrears;
  return (
    <Alert severity={reinstated ? 'success' : 'info'} data-testid="appeal-decision">
      <AlertTitle>
        {texts.decision}: {APPEAL_DECISION_LABELS[appeal.decision]}
        {appeal.decidedAt ? ` · ${formatMediumDate(appeal.decidedAt)}` : ''}
      </AlertTitle>
      {appeal.decisionNote && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {noteLabel ? `${noteLabel}: ` : ''}
          {appeal.decisionNote}
        </Typography>
      )}
      {withArrears && appeal.reinstatedTo && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {texts.reinstatedTo(formatRecordStatus(appeal.reinstatedTo))}
        </Typography>
      )}
      {withArrears && arrears && (
        <Typography variant="body2" data-testid="appeal-arrears">
          {arrears.amount === null
            ? texts.arrearsUnknown(arrears.periods.length)
            : texts.arrears(arrears.periods.length, formatNaira(arrears.amount))}
        </Typography>
      )}
    </Alert>
  );
}
