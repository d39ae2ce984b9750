import Box from '@mui/material/Box';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { homeForRole } from '@portal/contract/roles';
import { StatCard } from '../../../components/stat-card.tsx';
import { countOf, formatNaira } from '../../../lib/format.ts';
import { useIntegritySummary } from '../../../lib/integrity-summary.ts';
import { OVERVIEW_TEXTS } from '../overview-texts.ts';

const texts = OVERVIEW_TEXTS.integrity;

/**
 * '₦ at stake a month' (issue #21): the monthly pay of the records the integrity rules flag,
 * linking to the Integrity tab; 'Evaluating…' while the rules run after a change.
 */
export function IntegrityAtStakeCard() {
  const summary = useIntegritySummary();
  const data = summary.data;
  const caption = !data
    ? undefined
    : data.status === 'CURRENT'
      ? texts.flagged(countOf(data.flaggedRecords, 'record'))
      : texts.evaluating;
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <StatCard
        label={texts.label}
        value={data?.monthlyAmount}
        display={data ? formatNaira(data.monthlyAmount) : undefined}
        caption={caption}
        icon={<PaymentsOutlined />}
        to={`${homeForRole('TENANT_ADMIN')}/integrity`}
        tone={data && data.flaggedRecords > 0 ? 'warning' : 'default'}
      />
    </Box>
  );
}
