import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';

/**
 * The providers a hook or component test renders in: a QueryClient of its own that does not retry
 * (a failed call shows at once), and notistack's provider for what raises toasts.
 */
export function queryWrapper({ toasts = false }: { toasts?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        {toasts ? <SnackbarProvider>{children}</SnackbarProvider> : children}
      </QueryClientProvider>
    );
  };
}
