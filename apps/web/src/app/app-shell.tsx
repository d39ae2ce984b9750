import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { CloseToastsOnNavigation } from './close-toasts-on-navigation.tsx';
import { isElevatedPage } from './elevated-page.ts';
import { ScrollToTop } from './scroll-to-top.tsx';
import { MAIN_CONTENT_ID } from '../lib/main-content.ts';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { TimeZoneNote } from '../components/time-zone-note.tsx';

/** Frame of every screen (SPEC §1): skip link, top bar, and the route in <main>. */
export function AppShell() {
  const { pathname } = useLocation();
  const elevated = isElevatedPage(pathname);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <CloseToastsOnNavigation />
      <SkipLink />
      <TopBar />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={elevated ? 'elevated-page' : undefined}
        sx={{
          flexGrow: 1,
          outline: 'none',
          bgcolor: elevated ? 'grey.200' : 'background.default',
        }}
      >
        <Outlet />
      </Box>
      <TimeZoneNote />
    </Box>
  );
}
