import { useRef, useState, type FormEvent } from 'react';
import type { AdminUser } from '@site/contract';
import { useCurrentUser } from '../../api/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AuditLog } from './AuditLog.tsx';
import { FoundUser } from './FoundUser.tsx';
import { MemberList } from './MemberList.tsx';
import { Backups } from './Backups.tsx';
import { MembersStorage } from './MembersStorage.tsx';
import { useFindUser } from './api/find-user.ts';
import styles from './admin.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../api/failure.ts';
import { SiteSettings } from './SiteSettings.tsx';
import { useSiteSettings } from './api/site-settings.ts';

type Result =
  { state: 'idle' } | { state: 'searching' } | { state: 'found'; user: AdminUser } | { state: 'none' };

/**
 * Admin tools: look a user up by e-mail address; the members, a page at a time; site settings; every member's
 * storage use; the maintenance-mode audit log; backups.
 */
export default function UserSearchPage() {
  const { user } = useCurrentUser();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<Result>({ state: 'idle' });
  // Asked for only once opened: it reads every member.
  const [storageOpen, setStorageOpen] = useState(false);
  const [backupsOpen, setBackupsOpen] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const userSearch = useRef<HTMLDetailsElement>(null);
  const findUser = useFindUser();
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

  const lookUp = async (address: string) => {
    setResult({ state: 'searching' });
    const found = await findUser.mutateAsync(address).catch(() => null);
    setResult(found ? { state: 'found', user: found } : { state: 'none' });
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) void lookUp(email.trim());
  };

  const open = (address: string) => {
    setEmail(address);
    void lookUp(address);
    userSearch.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="page">
      <h1>Admin Tools</h1>
      <details className={`card ${styles.tool}`} open ref={userSearch}>
        <summary className={styles.summary}>User Search</summary>
        <form className={styles.search} onSubmit={search} noValidate>
          <label htmlFor="user-search" className="label">
            User email address:
          </label>
          <div className={styles.searchRow}>
            <input
              id="user-search"
              className="input"
              type="email"
              value={email}
              autoFocus
              onChange={(e) => setEmail(e.target.value)}
            />
            <button
              type="submit"
              className="btn btn-primary"
              disabled={!email.trim() || result.state === 'searching'}
            >
              Search
            </button>
          </div>
        </form>
        {result.state === 'searching' && <Spinner label="Searching" />}
        {result.state === 'none' && (
          <p className="muted" role="status">
            No result
          </p>
        )}
        {result.state === 'found' && (
          <FoundUser user={result.user} onChange={(u) => setResult({ state: 'found', user: u })} />
        )}
      </details>
      <details className={`card ${styles.tool}`} open>
        <summary className={styles.summary}>Members</summary>
        <MemberList onOpen={open} />
      </details>
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
