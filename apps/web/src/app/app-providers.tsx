import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ConfirmProvider } from '../components/confirm-provider.tsx';
import { createQueryClient } from './query-client.ts';
import { SnackbarCloseAction } from './snackbar-close-action.tsx';
import { SnackbarContent } from './snackbar-content.tsx';
import { theme } from './theme.ts';

const MAX_SNACKS = 3;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={MAX_SNACKS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          action={(key) => <SnackbarCloseAction snackbarKey={key} />}
          Components={{
            default: SnackbarContent,
            success: SnackbarContent,
            error: SnackbarContent,
            warning: SnackbarContent,
            info: SnackbarContent,
          }}
        >
          <ConfirmProvider>{children}</ConfirmProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
