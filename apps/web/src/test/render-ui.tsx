import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '@/theme.ts';

/**
 * Renders one component with the providers it needs but no router; transitions off for determinism. The
 * providers are a wrapper, so `rerender` with new props keeps them.
 */
export function renderUi(ui: ReactElement, seed?: (queryClient: QueryClient) => void) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Cached answers the component reads without fetching (the server status poll's edition, say).
  seed?.(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
