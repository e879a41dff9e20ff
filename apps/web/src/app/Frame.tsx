import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@site/contract';
import { AccountMenu } from './AccountMenu.tsx';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import styles from './frame.module.css';

export const siteTitle = 'Personal Site';

/** Header with the title and account menu, the maintenance banner, the page, and the footer. */
export function Frame({ user, children }: { user: User | null; children: ReactNode }) {
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.title}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {siteTitle}
          </Link>
          <AccountMenu user={user} />
        </div>
      </header>
      {user?.maintenanceMode && <MaintenanceBanner />}
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
    </>
  );
}
