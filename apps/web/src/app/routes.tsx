import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { demoPages } from '../demos/pages.ts';
import { gamePages } from '../games/pages.ts';
import { Spinner } from '../ui/Spinner.tsx';
import LoginPage from '../features/account/LoginPage.tsx';
import { Frame } from './Frame.tsx';
import { Fallback, RequireLoggedOut, RequireUser } from './guards.tsx';
import { hasMemberCookie, useCurrentUser } from '../api/session.ts';
import { queryClient } from '../api/query-client.ts';
import { prefetchAlbumList } from '../features/albums/api/queries.ts';
import { screenFiles, type ScreenPath } from './screens.ts';

/** Every screen's module, each its own chunk (LoginPage is in the main one: every guarded route can show it). */
const screenModules = import.meta.glob<{ default: ComponentType }>([
  '../features/*/*Page.tsx',
  '../features/*/*/*Page.tsx',
  '!../features/account/LoginPage.tsx',
]);

/**
 * A screen of screens.ts, loaded as the router's `lazy`: on the first visit the router starts the matched screen's
 * chunk as soon as it is created, beside the question of who is logged in (see app/start.tsx), instead of after
 * it. `wrap` puts a guard around it.
 */
const page = (path: ScreenPath, wrap: (element: ReactNode) => ReactNode = (element) => element) => {
  const load = screenModules[`../features/${screenFiles[path]}`];
  if (!load) throw new Error(`no screen module for ${path}`);
  return {
    path,
    lazy: async () => {
      const { default: Page } = await load();
      return { element: wrap(<Page />) };
    },
  };
};

/**
 * What shows while the first screen's chunk or the current user is on its way: the frame with a spinner, so the
 * first paint has the header in it (and nothing moves when the screen arrives).
 */
function LoadingFrame() {
  return (
    <Frame user={null} loading>
      <Spinner page label="Loading" />
    </Frame>
  );
}

/** The frame around every route. */
function Root() {
  const { user, ready } = useCurrentUser();
  if (!ready) return <LoadingFrame />;
  return (
    <Frame user={user}>
      <Suspense fallback={<Spinner page label="Loading page" />}>
        <Outlet />
      </Suspense>
    </Frame>
  );
}

/** The album list's read starts as the route matches, beside the screen's chunk and the question of who is in. */
function startAlbumList() {
  if (hasMemberCookie()) void prefetchAlbumList(queryClient);
  return null;
}

const loggedOut = (element: ReactNode) => <RequireLoggedOut>{element}</RequireLoggedOut>;
const member = (element: ReactNode) => <RequireUser>{element}</RequireUser>;
const sharing = (element: ReactNode) => (
  <RequireUser reason="Log in to add the photos you shared to one of your albums. They wait here until you do.">
    {element}
  </RequireUser>
);

/**
 * The site's routes. The browser makes its router from them (start.tsx) and the build renders the public ones to
 * HTML (src/prerender), so nothing here may touch the browser when it is imported.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: LoadingFrame,
    children: [
      page('/'),
      { path: '/login', element: loggedOut(<LoginPage />) },
      page('/create-account', loggedOut),
      page('/forgot-password', loggedOut),
      page('/reset-password/:passwordResetId'),
      page('/verify-email/:token'),
      page('/email-change/:token'),
      page('/invitation/:token'),
      page('/sign-in/:token'),
      page('/profile', member),
      page('/settings', member),
      page('/files', member),
      page('/trash', member),
      page('/admin/user-search', member),
      { ...page('/albums', member), loader: startAlbumList },
      page('/albums/:photoAlbumId', member),
      page('/add-to-album', sharing),
      page('/albums/:photoAlbumId/:imageId', member),
      { path: '/games/:slug', element: <gamePages.Page />, loader: gamePages.preload },
      { path: '/games/:slug/source', element: <gamePages.Source /> },
      { path: '/demos/:slug', element: <demoPages.Page />, loader: demoPages.preload },
      { path: '/demos/:slug/source', element: <demoPages.Source /> },
      { path: '*', element: <Fallback /> },
    ],
  },
];
