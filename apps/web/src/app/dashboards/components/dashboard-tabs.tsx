import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

export interface DashboardTab {
  /** Child path below the dashboard, e.g. 'overview'. */
  path: string;
  label: string;
  icon?: ReactElement;
  /** Shown after the label (a count badge); its words are part of the tab's name. */
  badge?: ReactElement;
}

export interface DashboardTabsProps {
  basePath: string;
  tabs: readonly DashboardTab[];
  label: string;
}

/** The tab whose child route is open; `false` (no tab selected) on untabbed children. */
export function activeTabPath(
  pathname: string,
  basePath: string,
  tabs: readonly DashboardTab[],
): string | false {
  const active = tabs.find((tab) => {
    const target = `${basePath}/${tab.path}`;
    return pathname === target || pathname.startsWith(`${target}/`);
  });
  return active?.path ?? false;
}

/** Tabs that are real links: each selects a child route, and the open route selects the tab. */
export function DashboardTabs({ basePath, tabs, label }: DashboardTabsProps) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={label}>
      <Tabs
        aria-label={label}
        value={activeTabPath(pathname, basePath, tabs)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={
              tab.badge ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {tab.label}
                  {tab.badge}
                </Box>
              ) : (
                tab.label
              )
            }
            icon={tab.icon}
            iconPosition="start"
            component={Link}
            to={`${basePath}/${tab.path}`}
            sx={{ minHeight: 56 }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
