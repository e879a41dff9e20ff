import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server answers. A module of its own so route loaders can start a screen's first read while
 * its chunk is still on the way (routes.tsx), beside the provider that hands it to the screens (app/start.tsx).
 * Actions are sent even without a connection, so they fail at once and say so instead of waiting unseen.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { networkMode: 'always' },
  },
});
