import type { QueryClient } from '@tanstack/react-query';

/**
 * One app's query client, created on first demand from a lazily loaded module: the sign-in page needs no
 * query cache, so TanStack Query's core stays out of /login's JavaScript (issue 8, decision 016). Signed-in
 * pages and the public pages other than /login wait for it in their route guard; components read it through
 * `current` (a store React can subscribe to), so the provider above the router never remounts the tree.
 */
export interface DeferredQueryClient {
  /** Loads the module and creates the client once; every call returns the same client. */
  load: () => Promise<QueryClient>;
  /** The client once loaded, else undefined. */
  current: () => QueryClient | undefined;
  subscribe: (listener: () => void) => () => void;
}

/** A holder per app instance (each test renders its own app with a fresh cache). */
export function createDeferredQueryClient(preset?: QueryClient): DeferredQueryClient {
  let client = preset;
  let loading: Promise<QueryClient> | undefined = preset ? Promise.resolve(preset) : undefined;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (loading ??= import('./query-client.ts').then(({ createQueryClient }) => {
        client ??= createQueryClient();
        for (const listener of listeners) listener();
        return client;
      })),
    current: () => client,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
