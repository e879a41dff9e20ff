import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { tsr } from './api/client.ts';
import { router } from './app/routes.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { queryClient } from './api/query-client.ts';
import { startSession } from './api/session.ts';
import './index.css';

void startSession(queryClient);
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition the first render is done in slices that let the browser paint and answer input between them,
// instead of one long task behind the header index.html has already painted.
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
