import { Navigate, type RouteObject } from 'react-router';
import Dashboard from '@mui/icons-material/Dashboard';
import EventAvailable from '@mui/icons-material/EventAvailable';
import FactCheck from '@mui/icons-material/FactCheck';
import Gavel from '@mui/icons-material/Gavel';
import GppMaybe from '@mui/icons-material/GppMaybe';
import History from '@mui/icons-material/History';
import HowToReg from '@mui/icons-material/HowToReg';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import Settings from '@mui/icons-material/Settings';
import TableRows from '@mui/icons-material/TableRows';
import UploadFile from '@mui/icons-material/UploadFile';
import { homeForRole } from '@portal/contract/roles';
import { AUDIT_TEXTS } from '@portal/contract/audit';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { lazyScreen, type ScreenLoader } from '../../lazy-screen.tsx';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import type { NavDestination } from '../components/side-nav.tsx';
import { INTEGRITY_TEXTS } from '../../../features/integrity/integrity-texts.ts';
import { EXERCISES_TEXTS } from '../../../features/exercises/exercises-texts.ts';
import { APPROVALS_TEXTS } from '../../../features/approvals/approvals-texts.ts';
import { PendingApprovalsBadge } from '../../../features/approvals/components/pending-approvals-badge.tsx';
import { APPEALS_TEXTS } from '../../../features/appeals/appeals-texts.ts';
import { OpenAppealsBadge } from '../../../features/appeals/components/open-appeals-badge.tsx';
import { SETTINGS_TEXTS } from '../../../features/settings/settings-texts.ts';

const texts = UI_TEXTS.dashboards.tenantAdmin;
const BASE_PATH = homeForRole('TENANT_ADMIN');

interface Destination extends NavDestination {
  /** The screen, fetched from its own chunk when the destination first opens. */
  screen: ScreenLoader;
}

/**
 * The tenant admin's destinations (SPEC §2's tab labels and routes), in the side navigation's
 * groups (issue #32, DECISIONS 174). A new destination is one entry here: its route, its link and
 * its place in the navigation follow.
 */
const DESTINATIONS: readonly Destination[] = [
  {
    path: 'overview',
    label: texts.overview,
    icon: <Dashboard />,
    screen: async () => {
      const { TenantOverviewPage } =
        await import('../../../features/overview/routes/tenant-overview-page.tsx');
      return <TenantOverviewPage />;
    },
  },
  {
    group: texts.groups.records,
    path: 'uploads',
    label: texts.uploads,
    icon: <UploadFile />,
    screen: async () => {
      const { UploadsPage } = await import('../../../features/uploads/routes/uploads-page.tsx');
      return <UploadsPage />;
    },
  },
  {
    group: texts.groups.records,
    path: 'records',
    label: texts.records,
    icon: <TableRows />,
    screen: async () => {
      const { RecordsPage } = await import('../../../features/records/routes/records-page.tsx');
      return <RecordsPage />;
    },
  },
  {
    group: texts.groups.records,
    path: 'bulk-verify',
    label: texts.bulkVerify,
    icon: <FactCheck />,
    screen: async () => {
      const { BulkVerificationPage } =
        await import('../../../features/verification/routes/bulk-verification-page.tsx');
      return <BulkVerificationPage />;
    },
  },
  {
    group: texts.groups.review,
    path: 'validation',
    label: texts.validation,
    icon: <PlaylistAddCheck />,
    screen: async () => {
      const { ValidationQueuePage } =
        await import('../../../features/validation/routes/validation-queue-page.tsx');
      return <ValidationQueuePage variant="tenant" />;
    },
  },
  {
    group: texts.groups.review,
    path: 'integrity',
    label: INTEGRITY_TEXTS.tab,
    icon: <GppMaybe />,
    screen: async () => {
      const { IntegrityPage } = await import('../../../features/integrity/routes/integrity-page.tsx');
      return <IntegrityPage variant="tenant" />;
    },
  },
  {
    group: texts.groups.review,
    path: 'exercises',
    label: EXERCISES_TEXTS.tab,
    icon: <EventAvailable />,
    screen: async () => {
      const { ExercisesPage } = await import('../../../features/exercises/routes/exercises-page.tsx');
      return <ExercisesPage />;
    },
  },
  {
    group: texts.groups.review,
    path: 'appeals',
    label: APPEALS_TEXTS.tab,
    icon: <Gavel />,
    badge: <OpenAppealsBadge />,
    screen: async () => {
      const { AppealsPage } = await import('../../../features/appeals/routes/appeals-page.tsx');
      return <AppealsPage variant="tenant" />;
    },
  },
  {
    group: texts.groups.review,
    path: 'approvals',
    label: APPROVALS_TEXTS.tab,
    icon: <HowToReg />,
    badge: <PendingApprovalsBadge />,
    screen: async () => {
      const { ApprovalsPage } = await import('../../../features/approvals/routes/approvals-page.tsx');
      return <ApprovalsPage />;
    },
  },
  {
    path: 'export',
    label: texts.export,
    icon: <Payments />,
    screen: async () => {
      const { PayrollExportPage } = await import('../../../features/exports/routes/payroll-export-page.tsx');
      return <PayrollExportPage />;
    },
  },
  {
    group: texts.groups.administration,
    path: 'users',
    label: texts.users,
    icon: <People />,
    screen: async () => {
      const { UsersPage } = await import('../../../features/users/routes/users-page.tsx');
      return <UsersPage />;
    },
  },
  {
    group: texts.groups.administration,
    path: 'settings',
    label: SETTINGS_TEXTS.tab,
    icon: <Settings />,
    screen: async () => {
      const { TenantSettingsPage } =
        await import('../../../features/settings/routes/tenant-settings-page.tsx');
      return <TenantSettingsPage />;
    },
  },
  {
    group: texts.groups.administration,
    path: 'audit',
    label: AUDIT_TEXTS.tab,
    icon: <History />,
    screen: async () => {
      const { AuditLogPage } = await import('../../../features/audit/routes/audit-log-page.tsx');
      return <AuditLogPage variant="tenant" />;
    },
  },
];

/** /dashboard/tenant-admin: layout and child routes (SPEC §2). `not-found` is in no navigation. */
export const tenantAdminDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout
      basePath={BASE_PATH}
      title={texts.title}
      subtitle={texts.subtitle}
      navigation={DESTINATIONS}
      tabsLabel={texts.tabsLabel}
    />
  ),
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    ...DESTINATIONS.map((destination) => ({ path: destination.path, ...lazyScreen(destination.screen) })),
    {
      path: 'not-found',
      ...lazyScreen(async () => {
        const { NotFoundRecordsPage } =
          await import('../../../features/verification/routes/not-found-records-page.tsx');
        return <NotFoundRecordsPage />;
      }),
    },
  ],
};
