/** Sign-ins the server seeds on a fresh data directory, with where each role lands. */
export const DEMO_USERS = {
  globalAdmin: {
    email: 'admin@portal.local',
    password: 'ChangeMe123!',
    home: '/dashboard/global-admin/overview',
    title: 'Global Admin Dashboard',
  },
  tenantAdmin: {
    email: 'tenant.admin@demo.local',
    password: 'Demo12345!',
    home: '/dashboard/tenant-admin/overview',
    title: 'Tenant Admin Dashboard',
  },
  reviewer: {
    email: 'reviewer@demo.local',
    password: 'Demo12345!',
    home: '/dashboard/reviewer/queue',
    title: 'Reviewer Dashboard',
  },
  agent: {
    email: 'agent@demo.local',
    password: 'Demo12345!',
    home: '/dashboard/agent/verify',
    title: 'Agent Dashboard',
  },
  employee: {
    email: 'employee@demo.local',
    password: 'Demo12345!',
    home: '/dashboard/user/profile',
    title: 'User Dashboard',
  },
} as const;

export type DemoUser = (typeof DEMO_USERS)[keyof typeof DEMO_USERS];
