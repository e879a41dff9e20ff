import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { tsr } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { setCurrentUser } from '../api/session.ts';
import { routes } from '../app/routes.tsx';

export { publicPaths } from './public-paths.ts';

const handler = createStaticHandler(routes);
// Prerendered pages are what a visitor sees; the server sends them only to browsers without a session.
setCurrentUser(queryClient, null);

/**
 * The HTML the app draws at `path` for a logged-out visitor, with every screen and view loaded (route `lazy`,
 * `Suspense`); parts that only work with the page's code show how they look until it runs (`useInBrowser`).
 */
export async function render(path: string): Promise<string> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </tsr.ReactQueryProvider>
      </QueryClientProvider>
    </StrictMode>,
    // A part that fails here would be drawn by the browser alone, in place of what the page showed.
    { onError: (error) => void failures.push(error) },
  );
  if (failures.length) throw new Error(`${path} failed to render`, { cause: failures[0] });
  return new Response(prelude).text();
}
