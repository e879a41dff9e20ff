import type { AuditEntry } from '@site/contract';
import { formatDateTime } from '../../shared/format.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useAuditLog } from './api/audit-log.ts';
import styles from './admin.module.css';

const enterPath = '/api/admin/maintenance-mode';

/** What an entry did, in words where there are some, else its request. */
function whatHappened(entry: AuditEntry) {
  if (entry.path === enterPath && entry.method === 'POST') return 'Started acting as the member';
  if (entry.path === enterPath && entry.method === 'DELETE') return 'Went back to their own account';
  return (
    <>
      <code>
        {entry.method} {entry.path}
      </code>
      {entry.status !== null && <span className="muted"> answered {entry.status}</span>}
    </>
  );
}

const accountName = (account: AuditEntry['admin']) => account.emailAddress ?? 'a deleted account';

/** The maintenance-mode audit log, newest first: who acted as whom, when, and what they did. */
export function AuditLog() {
  const log = useAuditLog();
  if (log.isError) return <ErrorText>The audit log could not be loaded.</ErrorText>;
  if (!log.data) return <Spinner label="Loading" />;
  const entries = log.data.pages.flatMap((page) => page.body.entries);
  if (entries.length === 0) {
    return <p className="muted">No admin has acted as a member yet.</p>;
  }
  return (
    <div className="stack">
      <ol className={styles.audit} aria-label="Audit log">
        {entries.map((entry) => (
          <li key={entry.id} className={styles.auditEntry}>
            <div className="muted">{formatDateTime(entry.at)}</div>
            <div>
              <strong>{accountName(entry.admin)}</strong> as <strong>{accountName(entry.member)}</strong>
            </div>
            <div>{whatHappened(entry)}</div>
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <button
          type="button"
          className="btn"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
        </button>
      )}
    </div>
  );
}
