import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { activeTabPath, type DashboardTab } from './dashboard-tabs.tsx';

/** One destination of a side navigation: a tab's fields, and the group it is listed under. */
export interface NavDestination extends DashboardTab {
  /** Heading of the group; destinations without one stand on their own. */
  group?: string;
}

interface Section {
  group?: string;
  destinations: NavDestination[];
}

/** Consecutive destinations of the same group form one section, in the table's order. */
function sectionsOf(destinations: readonly NavDestination[]): Section[] {
  const sections: Section[] = [];
  for (const destination of destinations) {
    const last = sections.at(-1);
    if (last && destination.group && last.group === destination.group) last.destinations.push(destination);
    else sections.push({ group: destination.group, destinations: [destination] });
  }
  return sections;
}

interface NavListProps {
  basePath: string;
  destinations: readonly NavDestination[];
  label: string;
  onNavigate?: () => void;
}

function NavItem({
  basePath,
  destination,
  active,
  onNavigate,
}: {
  basePath: string;
  destination: NavDestination;
  active: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={`${basePath}/${destination.path}`}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ minHeight: 48, borderRadius: 1, mx: 1 }}
      >
        {destination.icon && <ListItemIcon sx={{ minWidth: 40 }}>{destination.icon}</ListItemIcon>}
        <ListItemText
          primary={destination.label}
          slotProps={{ primary: { sx: { fontWeight: active ? 600 : 400 } } }}
        />
        {destination.badge}
      </ListItemButton>
    </ListItem>
  );
}

function NavSection({
  section,
  basePath,
  active,
  onNavigate,
}: {
  section: Section;
  basePath: string;
  active: string | false;
  onNavigate?: () => void;
}) {
  const headingId = useId();
  const items = section.destinations.map((destination) => (
    <NavItem
      key={destination.path}
      basePath={basePath}
      destination={destination}
      active={active === destination.path}
      onNavigate={onNavigate}
    />
  ));
  if (!section.group) return items;
  return (
    <li>
      <List
        disablePadding
        aria-labelledby={headingId}
        subheader={
          <ListSubheader
            id={headingId}
            disableSticky
            sx={{ lineHeight: '36px', mt: 1, bgcolor: 'transparent', fontWeight: 600 }}
          >
            {section.group}
          </ListSubheader>
        }
      >
        {items}
      </List>
    </li>
  );
}

/** The destinations as links, grouped; the open one is the current page. */
function NavList({ basePath, destinations, label, onNavigate }: NavListProps) {
  const { pathname } = useLocation();
  const active = activeTabPath(pathname, basePath, destinations);
  return (
    <Box component="nav" aria-label={label}>
      <List sx={{ py: 1 }}>
        {sectionsOf(destinations).map((section, i) => (
          <NavSection
            key={section.group ?? `${i}-${section.destinations[0]!.path}`}
            section={section}
            basePath={basePath}
            active={active}
            onNavigate={onNavigate}
          />
        ))}
      </List>
    </Box>
  );
}

export interface SideNavProps {
  basePath: string;
  destinations: readonly NavDestination[];
  label: string;
}

/**
 * A dashboard's navigation with room for many destinations (issue #32, DECISIONS 174): a column
 * beside the screen from the md breakpoint up; below it, a menu button that names the open
 * destination and opens the same list in a drawer.
 */
export function SideNav({ basePath, destinations, label }: SideNavProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const drawerId = useId();
  const active = activeTabPath(pathname, basePath, destinations);
  const current = destinations.find((d) => d.path === active);
  const close = () => setOpen(false);
  return (
    <>
      <Paper
        variant="outlined"
        sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 96, alignSelf: 'start' }}
      >
        <NavList basePath={basePath} destinations={destinations} label={label} />
      </Paper>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <Button
          variant="outlined"
          fullWidth
          startIcon={<MenuIcon />}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={open ? drawerId : undefined}
          onClick={() => setOpen(true)}
          sx={{ minHeight: 48, justifyContent: 'flex-start', bgcolor: 'background.paper' }}
        >
          <MenuButtonText current={current?.label} />
        </Button>
        <Drawer
          anchor="left"
          open={open}
          onClose={close}
          slotProps={{ paper: { id: drawerId, sx: { width: 300, maxWidth: '85vw' } } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
            <Typography variant="subtitle1" component="p" sx={{ flexGrow: 1, fontWeight: 600 }}>
              {label}
            </Typography>
            <IconButton onClick={close} aria-label={UI_TEXTS.shell.closeMenu} sx={{ width: 48, height: 48 }}>
              <Close />
            </IconButton>
          </Box>
          <NavList basePath={basePath} destinations={destinations} label={label} onNavigate={close} />
        </Drawer>
      </Box>
    </>
  );
}

function MenuButtonText({ current }: { current?: string }): ReactNode {
  return (
    <>
      {UI_TEXTS.shell.menu}
      {current && (
        <Box component="span" sx={{ ml: 1, color: 'text.secondary', textTransform: 'none' }}>
          {`· ${current}`}
        </Box>
      )}
    </>
  );
}
