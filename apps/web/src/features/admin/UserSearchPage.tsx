import { useRef, useState } from 'react';
import { useCurrentUser } from '../../api/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AuditLog } from './AuditLog.tsx';
import { MemberList } from './MemberList.tsx';
import { Backups } from './Backups.tsx';
import { MembersStorage } from './MembersStorage.tsx';
import { UserSearch } from './UserSearch.tsx';
import { useUserLookup } from './user-lookup.ts';
import styles from './admin.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../api/failure.ts';
import { SiteSettings } from './SiteSettings.tsx';
import { useSiteSettings } from './api/site-settings.ts';

/**
 * Admin tools: look a user up by e-mail address; the members, a page at a time; site settings; every member's
 * storage use; the maintenance-mode audit log; backups.
 */
export default function UserSearchPage() {
  const { user } = useCurrentUser();
  const lookup = useUserLookup();
  // Asked for only once opened: it reads every member.
  const [storageOpen, setStorageOpen] = useState(false);
  const [backupsOpen, setBackupsOpen] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const userSearch = useRef<HTMLDetailsElement>(null);
  const settings = useSiteSettings();
  const refusal =
    settings.error instanceof ApiFailure && settings.error.code === 'second_factor_required'
      ? settings.error
      : null;

  if (!user?.permissions.includes('admin')) {
    return (
      <div className="page">
        <ErrorText>Requires admin access</ErrorText>
      </div>
    );
  }

  if (refusal) {
    return (
      <div className="page">
        <h1>Admin Tools</h1>
        <div className={`card ${styles.tool} stack`}>
          <ErrorText>{refusal.serverMessage}</ErrorText>
          <p>
            <Link to="/profile">Add a second factor in your profile</Link>
          </p>
        </div>
      </div>
    );
  }

  // Details in the member list shows the member in User Search: beside the list (a wide screen) that card stays in
  // view as the list scrolls; above it (a phone) the page scrolls up to it.
  const open = (address: string) => {
    void lookup.lookUp(address);
    const card = userSearch.current;
    if (card && getComputedStyle(card).position !== 'sticky') {
      card.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  };

  return (
    <div className={`page ${styles.tools}`}>
      <h1>Admin Tools</h1>
      <div className={styles.finders}>
        <UserSearch lookup={lookup} ref={userSearch} />
        <details className={`card ${styles.tool}`} open>
          <summary className={styles.summary}>Members</summary>
          <MemberList onOpen={open} />
        </details>
      </div>
      <details className={`card ${styles.tool}`} open>
        <summary className={styles.summary}>Site settings</summary>
        {settings.isPending && <Spinner label="Loading" />}
        {settings.isError && <ErrorText>The settings could not be loaded.</ErrorText>}
        {settings.isSuccess && <SiteSettings settings={settings.data} />}
      </details>
      <details className={`card ${styles.tool}`} onToggle={(e) => setStorageOpen(e.currentTarget.open)}>
        <summary className={styles.summary}>Storage</summary>
        {storageOpen && <MembersStorage />}
      </details>
      <details className={`card ${styles.tool}`} onToggle={(e) => setAuditOpen(e.currentTarget.open)}>
        <summary className={styles.summary}>Audit log</summary>
        <p className="muted">What admins did while logged in as a member, newest first.</p>
        {auditOpen && <AuditLog />}
      </details>
      <details className={`card ${styles.tool}`} onToggle={(e) => setBackupsOpen(e.currentTarget.open)}>
        <summary className={styles.summary}>Backups</summary>
        {backupsOpen && <Backups />}
      </details>
    </div>
  );
}
