import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { homeForRole } from '@portal/contract/roles';
import type { DashboardStats } from '@portal/contract/verification';
import { StatCard, type StatTone } from '../../../components/stat-card.tsx';
import { queueTabHref } from '../../../lib/queue-tab.ts';
import { OVERVIEW_TEXTS } from '../overview-texts.ts';

const texts = OVERVIEW_TEXTS.cards;
const BASE = homeForRole('TENANT_ADMIN');

interface CardSpec {
  label: string;
  /** A count (the appeals' figures are an object, shown elsewhere). */
  field: Exclude<keyof DashboardStats, 'appeals'>;
  icon: ReactNode;
  to?: string;
  tone?: StatTone;
}

/** The nine cards of SPEC §2 in order; four of them open the screen that works their records. */
export const OVERVIEW_CARDS: readonly CardSpec[] = [
  { label: texts.totalUniqueRecords, field: 'totalUniqueRecords', icon: <Inventory2Outlined /> },
  { label: texts.totalVerified, field: 'totalVerified', icon: <VerifiedUserOutlined /> },
  { label: texts.totalValidated, field: 'totalValidated', icon: <TaskAltOutlined /> },
  {
    label: texts.pendingValidation,
    field: 'totalPendingApproval',
    icon: <PendingActionsOutlined />,
    to: queueTabHref(`${BASE}/validation`, 'pending'),
  },
  {
    label: texts.mismatched,
    field: 'totalMismatched',
    icon: <CompareArrowsOutlined />,
    to: queueTabHref(`${BASE}/validation`, 'mismatched'),
    tone: 'warning',
  },
  {
    label: texts.notFound,
    field: 'totalNotFound',
    icon: <PersonOffOutlined />,
    to: `${BASE}/not-found`,
    tone: 'warning',
  },
  {
    label: texts.reviewers,
    field: 'totalReviewers',
    icon: <SupervisorAccountOutlined />,
    to: `${BASE}/users`,
  },
  { label: texts.selfServiceUsers, field: 'totalSelfServiceUsers', icon: <PersonOutlined /> },
  { label: texts.agentAccounts, field: 'totalAgentAccounts', icon: <SupportAgentOutlined /> },
];

/**
 * As many columns of at least 300 px as the panel holds (3 on a wide desktop, 2 beside the tenant
 * admin's side navigation or on a tablet: an amount at stake fits), 1 on phones. `stats` is absent when they failed to load;
 * `children` are more cards (list items) after the nine.
 */
export function OverviewStatGrid({
  stats,
  children,
}: {
  stats: DashboardStats | undefined;
  children?: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={OVERVIEW_TEXTS.statsLabel}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' },
      }}
    >
      {OVERVIEW_CARDS.map((card) => (
        <Box component="li" key={card.field} sx={{ minWidth: 0 }}>
          <StatCard
            label={card.label}
            value={stats?.[card.field]}
            icon={card.icon}
            to={card.to}
            tone={card.tone}
          />
        </Box>
      ))}
      {children}
    </Box>
  );
}
