import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { ConfirmProvider } from '../components/confirm-provider.tsx';
import { toastEntered, toastExited } from '../lib/route-toasts.ts';
import { createQueryClient } from './query-client.ts';
import { SnackbarCloseAction } from './snackbar-close-action.tsx';
import { ShowHandedOverToast } from './show-handed-over-toast.tsx';
import { SnackbarContent } from './snackbar-content.tsx';
import { theme } from './theme.ts';
import { TimeZoneScope } from './time-zone-scope.tsx';
import { TOOLBAR_HEIGHT_DESKTOP } from './top-bar.tsx';

/**
 * One toast at a time: a new one replaces the one on screen instead of stacking up over the page.
 * Top right, below the sticky top bar: beside a screen's title, which leaves that side empty.
 * Bottom left (before issue #31) sat over what a screen shows first once loaded: Master Records'
 * first rows, the employee's status chip ("Login successful!" hid it). (The agent's confirmation
 * asks for top centre: SPEC §4.)
 */
const MAX_SNACKS = 1;

/** A toast at the top (the agent's) opens below the sticky top bar, not over its title link. */
const BELOW_TOP_BAR = 'toasts-below-top-bar';
const toastContainerStyles = (
  <GlobalStyles
    styles={{
      [`.notistack-SnackbarContainer.${BELOW_TOP_BAR}`]: {
        top: 56 + 8,
        [theme.breakpoints.up('sm')]: { top: 64 + 8 },
        [theme.breakpoints.up('md')]: { top: TOOLBAR_HEIGHT_DESKTOP + 8 },
      },
    }}
  />
);

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {toastContainerStyles}
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={MAX_SNACKS}
          preventDuplicate
          classes={{
            containerAnchorOriginTopCenter: BELOW_TOP_BAR,
            containerAnchorOriginTopLeft: BELOW_TOP_BAR,
            containerAnchorOriginTopRight: BELOW_TOP_BAR,
          }}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          onEnter={(_node, _appearing, key) => toastEntered(key)}
          onExited={(_node, key) => toastExited(key)}
          action={(key) => <SnackbarCloseAction snackbarKey={key} />}
          Components={{
            default: SnackbarContent,
            success: SnackbarContent,
            error: SnackbarContent,
            warning: SnackbarContent,
            info: SnackbarContent,
          }}
        >
          <ShowHandedOverToast />
          <ConfirmProvider>
            <TimeZoneScope>{children}</TimeZoneScope>
          </ConfirmProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
