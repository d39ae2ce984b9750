import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { homeForRole } from '@portal/contract/roles';
import type { DashboardStats } from '@portal/contract/verification';
import { StatCard } from '../../../components/stat-card.tsx';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.bulk;
const NOT_FOUND_PATH = `${homeForRole('TENANT_ADMIN')}/not-found`;

/**
 * The two summary cards of SPEC §2. The figures are the tenant's current ones (dashboard stats),
 * not sums over the jobs: a record verified again after re-upload must not count twice, and the
 * not-found figure must match the list VIEW LIST opens.
 */
export function BulkSummaryCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <StatCard
        label={texts.totalVerified}
        value={stats?.totalVerified}
        caption={texts.totalVerifiedCaption}
        icon={<VerifiedUserOutlined />}
      />
      <StatCard
        label={texts.totalNotFound}
        value={stats?.totalNotFound}
        caption={texts.totalNotFoundCaption}
        icon={<PersonOffOutlined />}
        tone="warning"
        action={
          <Button
            component={Link}
            to={NOT_FOUND_PATH}
            variant="outlined"
            size="small"
            sx={{ textTransform: 'uppercase' }}
          >
            {texts.viewList}
          </Button>
        }
      />
    </Box>
  );
}
