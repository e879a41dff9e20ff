import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { tsr } from './api/client.ts';
import { routes } from './app/routes.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { queryClient } from './api/query-client.ts';
import { startSession } from './api/session.ts';
import './index.css';

void startSession(queryClient);
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const router = createBrowserRouter(routes);

const render = () => {
  // As a transition the first render is done in slices that let the browser paint and answer input between them,
  // instead of one long task behind what index.html has already painted.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <tsr.ReactQueryProvider>
            <RouterProvider router={router} />
          </tsr.ReactQueryProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
};

// A page the build prerendered (the server sends it to visitors) is replaced only once the router holds the
// screen's code, so the first render draws the same page rather than the loading frame in between.
if (root.querySelector('.prerendered') && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
} else {
  render();
}
