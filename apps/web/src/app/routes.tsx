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

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * Each screen is its own chunk, loaded as the router's `lazy`: on the first visit the router starts the matched
 * screen's chunk as soon as it is created, beside the question of who is logged in (see app/start.tsx), instead of
 * after it. Log in is in the main chunk, as every guarded route can show it.
 */
const page =
  (load: PageModule, wrap: (element: ReactNode) => ReactNode = (element) => element) =>
  async () => {
    const { default: Page } = await load();
    return { element: wrap(<Page />) };
  };

/**
 * What shows while the first screen's chunk or the current user is on its way: the frame with a spinner, so the
 * first paint has the header in it (and nothing moves when the screen arrives).
 */
function LoadingFrame() {
  return (
    <Frame user={null}>
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
      { path: '/', lazy: page(() => import('../features/home/HomePage.tsx')) },
      { path: '/login', element: loggedOut(<LoginPage />) },
      {
        path: '/create-account',
        lazy: page(() => import('../features/account/CreateAccountPage.tsx'), loggedOut),
      },
      {
        path: '/forgot-password',
        lazy: page(() => import('../features/account/ForgotPasswordPage.tsx'), loggedOut),
      },
      {
        path: '/reset-password/:passwordResetId',
        lazy: page(() => import('../features/account/ResetPasswordPage.tsx')),
      },
      { path: '/verify-email/:token', lazy: page(() => import('../features/account/VerifyEmailPage.tsx')) },
      { path: '/profile', lazy: page(() => import('../features/profile/ProfilePage.tsx'), member) },
      { path: '/settings', lazy: page(() => import('../features/settings/SettingsPage.tsx'), member) },
      { path: '/files', lazy: page(() => import('../features/files/FilesPage.tsx'), member) },
      { path: '/trash', lazy: page(() => import('../features/trash/TrashPage.tsx'), member) },
      {
        path: '/admin/user-search',
        lazy: page(() => import('../features/admin/UserSearchPage.tsx'), member),
      },
      {
        path: '/albums',
        loader: startAlbumList,
        lazy: page(() => import('../features/albums/AlbumListPage.tsx'), member),
      },
      { path: '/albums/:photoAlbumId', lazy: page(() => import('../features/albums/AlbumPage.tsx'), member) },
      { path: '/add-to-album', lazy: page(() => import('../features/albums/AddToAlbumPage.tsx'), sharing) },
      {
        path: '/albums/:photoAlbumId/:imageId',
        lazy: page(() => import('../features/albums/ImagePage.tsx'), member),
      },
      { path: '/games/:slug', element: <gamePages.Page />, loader: gamePages.preload },
      { path: '/games/:slug/source', element: <gamePages.Source /> },
      { path: '/demos/:slug', element: <demoPages.Page />, loader: demoPages.preload },
      { path: '/demos/:slug/source', element: <demoPages.Source /> },
      { path: '*', element: <Fallback /> },
    ],
  },
];
