import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DashboardTabs, type DashboardTab } from './dashboard-tabs.tsx';
import { SideNav, type NavDestination } from './side-nav.tsx';

export interface DashboardLayoutProps {
  /** Absolute path of the dashboard, e.g. '/dashboard/tenant-admin'. */
  basePath: string;
  title: string;
  subtitle: string;
  /** Heading of the panel that holds the child route (agent and user dashboards). */
  panelTitle?: string;
  tabs?: readonly DashboardTab[];
  tabsLabel?: string;
  /** Destinations of a side navigation (instead of tabs) for a dashboard with many (issue #32). */
  navigation?: readonly NavDestination[];
}

/** Shell of a role dashboard: title, subtitle, tabs or a side navigation, and the child route in a panel. */
export function DashboardLayout({
  basePath,
  title,
  subtitle,
  panelTitle,
  tabs,
  tabsLabel,
  navigation,
}: DashboardLayoutProps) {
  const panel = (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      {panelTitle && (
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {panelTitle}
        </Typography>
      )}
      <Outlet />
    </Paper>
  );
  return (
    <Container maxWidth={navigation ? 'xl' : 'lg'} sx={{ py: { xs: 3, md: 4 } }}>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{subtitle}</Typography>
      </Box>
      {tabs && (
        <Paper variant="outlined" sx={{ mb: 3 }}>
          <DashboardTabs basePath={basePath} tabs={tabs} label={tabsLabel ?? title} />
        </Paper>
      )}
      {navigation ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '248px minmax(0, 1fr)' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <SideNav basePath={basePath} destinations={navigation} label={tabsLabel ?? title} />
          {panel}
        </Box>
      ) : (
        panel
      )}
    </Container>
  );
}
