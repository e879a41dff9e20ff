import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { tsr } from './api/client.ts';
import { router } from './app/routes.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { currentUserQuery } from './app/session.ts';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
void queryClient.prefetchQuery(currentUserQuery);
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>
        <RouterProvider router={router} />
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  </StrictMode>,
);
