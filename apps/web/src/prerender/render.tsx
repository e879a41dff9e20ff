import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { tsr } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { setCurrentUser } from '../api/session.ts';
import { routes } from '../app/routes.tsx';
import { demos, games } from '../shared/catalog.ts';

/** The pages a visitor can open without logging in, which the build writes as HTML (prerender-plugin.ts). */
export const publicPaths = [
  '/',
  '/login',
  '/create-account',
  '/forgot-password',
  ...games.map((g) => `/games/${g.slug}`),
  ...demos.map((d) => `/demos/${d.slug}`),
];

const handler = createStaticHandler(routes);
// Prerendered pages are what a visitor sees; the server sends them only to browsers without a session.
setCurrentUser(queryClient, null);

/**
 * The HTML the app draws at `path` for a logged-out visitor, as its first render in the browser draws it: screens
 * and views are loaded first (the routes' lazy and loaders), parts that wait for code show their placeholders.
 */
export async function render(path: string): Promise<string> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </tsr.ReactQueryProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
