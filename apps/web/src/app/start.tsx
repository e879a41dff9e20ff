import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { tsr } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { startSession } from '../api/session.ts';
import { watchConnection } from '../api/connection.ts';
import { continueUnfinishedUploads } from './unfinished-uploads.ts';
import { viewsLoaded } from '../showcase/Showcase.tsx';
import { routes } from './routes.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { goLive } from '../ui/useInBrowser.ts';

/**
 * Asks who is logged in, makes the router and draws the app into #root, or adopts the page prerendered there. The
 * router is made in a task of its own: with the question and the service worker's registration it was one long task.
 */
export async function start(root: HTMLElement): Promise<void> {
  watchConnection();
  continueUnfinishedUploads();
  void startSession(queryClient);
  registerServiceWorker();
  await new Promise((resolve) => setTimeout(resolve, 0));

  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>
          <RouterProvider router={router} />
        </tsr.ReactQueryProvider>
      </QueryClientProvider>
    </StrictMode>
  );

  const prerendered = root.querySelector<HTMLElement>('.prerendered');
  if (prerendered) {
    // What a navigation draws is the browser's own, not adopted.
    const adopted = router.state.location;
    const stopWatching = router.subscribe((state) => {
      if (state.location === adopted && state.navigation.state === 'idle') return;
      stopWatching();
      goLive();
    });
    // A page the build prerendered (the server sends them to visitors): React adopts the page's own elements, once
    // the router holds the screen's code and a game's or demo's view is in, so nothing is drawn twice and no
    // loading frame comes in between.
    const hydrate = async () => {
      await viewsLoaded();
      // As a transition hydration is done in slices too; by default it would be one task as long as the page.
      startTransition(() => void hydrateRoot(prerendered, app));
      prerendered.removeAttribute('inert');
    };
    if (router.state.initialized) void hydrate();
    else {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        void hydrate();
      });
    }
  } else {
    goLive();
    // As a transition the first render is done in slices that let the browser paint and answer input between them,
    // instead of one long task behind the header index.html has already painted.
    startTransition(() => createRoot(root).render(app));
  }
}
