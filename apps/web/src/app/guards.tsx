import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../api/session.ts';
import styles from './frame.module.css';
import LoginPage from '../features/account/LoginPage.tsx';
import { useInvitation } from '../features/account/invitation.ts';

/**
 * Member screens: a visitor sees the login screen in their place (under `reason`, when the screen says why), and
 * the screen once logged in.
 */
export function RequireUser({ children, reason }: { children: ReactNode; reason?: string }) {
  const { user } = useCurrentUser();
  if (user) return children;
  return (
    <>
      {reason && (
        <p className={styles.reason} role="status">
          {reason}
        </p>
      )}
      <LoginPage />
    </>
  );
}

/**
 * Log in, create account, forgot password: a logged-in visitor is sent home, or on to the album an invitation
 * names; so is a visitor who logs in or signs up here.
 */
export function RequireLoggedOut({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { next } = useInvitation();
  return user ? <Navigate to={next} replace /> : children;
}

/** Any other path: home for a member, the login screen for a visitor. */
export function Fallback() {
  const { user } = useCurrentUser();
  return user ? <Navigate to="/" replace /> : <LoginPage />;
}
