import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { homeForRole } from '@portal/contract/roles';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import type { DashboardTab } from '../components/dashboard-tabs.tsx';
import { SectionPlaceholder } from '../components/section-placeholder.tsx';
import { RecordsPage } from '../../../features/records/routes/records-page.tsx';
import { UploadsPage } from '../../../features/uploads/routes/uploads-page.tsx';
import { UsersPage } from '../../../features/users/routes/users-page.tsx';
import { TenantOverviewPage } from '../../../features/overview/routes/tenant-overview-page.tsx';
import { BulkVerificationPage } from '../../../features/verification/routes/bulk-verification-page.tsx';
import { NotFoundRecordsPage } from '../../../features/verification/routes/not-found-records-page.tsx';
import { PayrollExportPage } from '../../../features/exports/routes/payroll-export-page.tsx';
import { ValidationQueuePage } from '../../../features/validation/routes/validation-queue-page.tsx';
import { IntegrityPage } from '../../../features/integrity/routes/integrity-page.tsx';
import { INTEGRITY_TEXTS } from '../../../features/integrity/integrity-texts.ts';
import { AuditLogPage } from '../../../features/audit/routes/audit-log-page.tsx';
import { AUDIT_TEXTS } from '@portal/contract/audit';
import { ApprovalsPage } from '../../../features/approvals/routes/approvals-page.tsx';
import { APPROVALS_TEXTS } from '../../../features/approvals/approvals-texts.ts';
import { PendingApprovalsBadge } from '../../../features/approvals/components/pending-approvals-badge.tsx';
import { TenantSettingsPage } from '../../../features/settings/routes/tenant-settings-page.tsx';
import { SETTINGS_TEXTS } from '../../../features/settings/settings-texts.ts';

const texts = UI_TEXTS.dashboards.tenantAdmin;
const BASE_PATH = homeForRole('TENANT_ADMIN');

const TABS: readonly DashboardTab[] = [
  { path: 'overview', label: texts.overview },
  { path: 'users', label: texts.users },
  { path: 'uploads', label: texts.uploads },
  { path: 'records', label: texts.records },
  { path: 'bulk-verify', label: texts.bulkVerify },
  { path: 'validation', label: texts.validation },
  { path: 'integrity', label: INTEGRITY_TEXTS.tab },
  { path: 'export', label: texts.export },
  { path: 'approvals', label: APPROVALS_TEXTS.tab, badge: <PendingApprovalsBadge /> },
  { path: 'settings', label: SETTINGS_TEXTS.tab },
  { path: 'audit', label: AUDIT_TEXTS.tab },
];

/** Tabs whose screen is built; the others still show a placeholder. */
const SCREENS: Partial<Record<string, ReactElement>> = {
  users: <UsersPage />,
  overview: <TenantOverviewPage />,
  'bulk-verify': <BulkVerificationPage />,
  uploads: <UploadsPage />,
  records: <RecordsPage />,
  export: <PayrollExportPage />,
  validation: <ValidationQueuePage variant="tenant" />,
  integrity: <IntegrityPage variant="tenant" />,
  approvals: <ApprovalsPage />,
  settings: <TenantSettingsPage />,
  audit: <AuditLogPage variant="tenant" />,
};

/** /dashboard/tenant-admin: layout and child routes (SPEC §2). `not-found` has no tab. */
export const tenantAdminDashboardRoute: RouteObject = {
  element: (
    <DashboardLayout
      basePath={BASE_PATH}
      title={texts.title}
      subtitle={texts.subtitle}
      tabs={TABS}
      tabsLabel={texts.tabsLabel}
    />
  ),
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    ...TABS.map((tab) => ({
      path: tab.path,
      element: SCREENS[tab.path] ?? <SectionPlaceholder title={tab.label} />,
    })),
    { path: 'not-found', element: <NotFoundRecordsPage /> },
  ],
};
