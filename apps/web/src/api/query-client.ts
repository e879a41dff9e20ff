import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server answers. A module of its own so route loaders can start a screen's first read while
 * its chunk is still on the way (routes.tsx), beside the provider that hands it to the screens (app/start.tsx).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
