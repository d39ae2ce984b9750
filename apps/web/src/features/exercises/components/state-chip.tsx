import Chip from '@mui/material/Chip';
import { CAMPAIGN_STATE_LABELS, type CampaignState } from '@portal/contract/campaigns';

const COLORS: Record<CampaignState, 'default' | 'success' | 'warning' | 'info'> = {
  UPCOMING: 'info',
  OPEN: 'success',
  IN_GRACE: 'warning',
  CLOSED: 'default',
};

/** An exercise's state today, in the contract's words. */
export function StateChip({ state }: { state: CampaignState }) {
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={CAMPAIGN_STATE_LABELS[state]} />;
}
