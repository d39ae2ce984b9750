import Typography from '@mui/material/Typography';
import { APPEAL_DECISIONS, APPEAL_DECISION_LABELS, type AppealFigures } from '@portal/contract/appeals';
import { formatCount, formatNaira } from '../lib/format.ts';
import { Figure, FigureList } from './figure-list.tsx';

/** Shared by two features (the exercises' report, the overview), so its texts live here. */
export const APPEAL_FIGURES_TEXTS = {
  received: 'Appeals received',
  decided: 'Decided',
  decidedOnTime: 'Decided on time',
  reinstated: 'Reinstated',
  arrearsOwed: 'Arrears owed',
  payUnknown: (n: number) =>
    n === 1
      ? '1 reinstated person’s monthly pay is not known: their arrears are not in the sum.'
      : `${formatCount(n)} reinstated people’s monthly pay is not known: their arrears are not in the sum.`,
} as const;

const texts = APPEAL_FIGURES_TEXTS;

/**
 * The appeals' figures (issue #34 item 5): received, decided and decided on time, each decision
 * code, reinstated and the arrears owed. The same list on the exercise's report (the appeals
 * against its suspensions) and on the overview (every appeal of the tenant).
 */
export function AppealFiguresList({ figures, label }: { figures: AppealFigures; label: string }) {
  return (
    <>
      <FigureList label={label}>
        <Figure label={texts.received} value={formatCount(figures.received)} />
        <Figure label={texts.decided} value={formatCount(figures.decided)} />
        <Figure label={texts.decidedOnTime} value={formatCount(figures.decidedOnTime)} />
        {APPEAL_DECISIONS.map((code) => (
          <Figure
            key={code}
            label={APPEAL_DECISION_LABELS[code]}
            value={formatCount(figures.byDecision[code])}
          />
        ))}
        <Figure label={texts.reinstated} value={formatCount(figures.reinstated)} />
        <Figure label={texts.arrearsOwed} value={formatNaira(figures.arrearsOwed)} wide />
      </FigureList>
      {figures.arrearsPayUnknown > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {texts.payUnknown(figures.arrearsPayUnknown)}
        </Typography>
      )}
    </>
  );
}
