import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { demoPages } from '../demos/pages.ts';
import { gamePages } from '../games/pages.ts';
import { Spinner } from '../ui/Spinner.tsx';
import LoginPage from '../features/account/LoginPage.tsx';
import { Frame } from './Frame.tsx';
import { Fallback, RequireLoggedOut, RequireUser } from './guards.tsx';
import { useCurrentUser } from '../api/session.ts';

// Each screen is its own chunk; log in is in the main one, as every guarded route can show it.
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const CreateAccountPage = lazy(() => import('../features/account/CreateAccountPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/account/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/account/ResetPasswordPage.tsx'));
const VerifyEmailPage = lazy(() => import('../features/account/VerifyEmailPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const UserSearchPage = lazy(() => import('../features/admin/UserSearchPage.tsx'));
const FilesPage = lazy(() => import('../features/files/FilesPage.tsx'));
const AlbumListPage = lazy(() => import('../features/albums/AlbumListPage.tsx'));
const AlbumPage = lazy(() => import('../features/albums/AlbumPage.tsx'));
const ImagePage = lazy(() => import('../features/albums/ImagePage.tsx'));

/** The frame around every route; nothing but a spinner until the current user is known. */
function Root() {
  const { user, ready } = useCurrentUser();
  if (!ready) return <Spinner page label="Loading" />;
  return (
    <Frame user={user}>
      <Suspense fallback={<Spinner page label="Loading page" />}>
        <Outlet />
      </Suspense>
    </Frame>
  );
}

const loggedOut = (element: ReactNode) => <RequireLoggedOut>{element}</RequireLoggedOut>;
const member = (element: ReactNode) => <RequireUser>{element}</RequireUser>;

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: loggedOut(<LoginPage />) },
      { path: '/create-account', element: loggedOut(<CreateAccountPage />) },
      { path: '/forgot-password', element: loggedOut(<ForgotPasswordPage />) },
      { path: '/reset-password/:passwordResetId', element: <ResetPasswordPage /> },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/profile', element: member(<ProfilePage />) },
      { path: '/settings', element: member(<SettingsPage />) },
      { path: '/files', element: member(<FilesPage />) },
      { path: '/admin/user-search', element: member(<UserSearchPage />) },
      { path: '/albums', element: member(<AlbumListPage />) },
      { path: '/albums/:photoAlbumId', element: member(<AlbumPage />) },
      { path: '/albums/:photoAlbumId/:imageId', element: member(<ImagePage />) },
      { path: '/games/:slug', element: <gamePages.Page /> },
      { path: '/games/:slug/source', element: <gamePages.Source /> },
      { path: '/demos/:slug', element: <demoPages.Page /> },
      { path: '/demos/:slug/source', element: <demoPages.Source /> },
      { path: '*', element: <Fallback /> },
    ],
  },
]);
