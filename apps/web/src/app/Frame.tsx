import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@site/contract';
import { UploadPanel } from '../shared/uploads/UploadPanel.tsx';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { SiteMark } from './SiteMark.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import styles from './frame.module.css';
import { useInBrowser } from '../ui/useInBrowser.ts';

export const siteTitle = 'Personal Site';

// The drop-down library is a third of the main chunk and no first paint needs it: it follows the page.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));

/**
 * True once the frame's first paint is on the screen: the menu's chunk is asked for then, after what the screen
 * itself needs (on a phone's slow link the two would share it, and the screen would come later).
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** The menu's place while its chunk arrives: the same box, so nothing moves when it does. */
function MenuPlaceholder({ user }: { user: User | null }) {
  return (
    <div className={styles.account}>
      {user && <span className={styles.email}>{user.emailAddress}</span>}
      <button type="button" className={`btn ${styles.menuButton}`} aria-label="Account menu" disabled>
        <span aria-hidden="true">☰</span>
        <span className={styles.menuWord}>Menu</span>
      </button>
    </div>
  );
}

/**
 * Header with the title and account menu, the maintenance banner, the page, and the footer. While `loading` (who is
 * logged in, or the first screen's code, is on its way) the menu keeps its placeholder: its code follows the screen.
 */
export function Frame({
  user,
  loading = false,
  children,
}: {
  user: User | null;
  loading?: boolean;
  children: ReactNode;
}) {
  const inBrowser = useInBrowser();
  const painted = usePainted();
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="site-title">
            <SiteMark />
            {siteTitle}
          </Link>
          {inBrowser && painted && !loading ? (
            <Suspense fallback={<MenuPlaceholder user={user} />}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <MenuPlaceholder user={user} />
          )}
        </div>
      </header>
      {user?.maintenanceMode && <MaintenanceBanner />}
      <OfflineBanner />
      <main id="main" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <span>© 2024</span>
        <span aria-hidden="true">·</span>
        <span>
          build <code>{__COMMIT_HASH__}</code>
        </span>
      </footer>
      <UpdatePrompt />
      <UploadPanel />
    </>
  );
}
