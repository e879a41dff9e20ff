import type { FormEvent, Ref } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import { FoundUser } from './FoundUser.tsx';
import type { UserLookup } from './user-lookup.ts';
import styles from './admin.module.css';

/**
 * The User Search card: look a user up by their whole address, or by "Details" in the member list beside it, and
 * change what the admin tools change on them.
 */
export function UserSearch({ lookup, ref }: { lookup: UserLookup; ref: Ref<HTMLDetailsElement> }) {
  const { email, setEmail, result, lookUp, update } = lookup;
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) void lookUp(email.trim());
  };

  return (
    <details className={`card ${styles.tool} ${styles.lookup}`} open ref={ref}>
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
      {result.state === 'idle' && <p className="muted">Or choose Details beside a member in the list.</p>}
      {result.state === 'searching' && <Spinner label="Searching" />}
      {result.state === 'none' && (
        <p className="muted" role="status">
          No result
        </p>
      )}
      {result.state === 'found' && <FoundUser user={result.user} onChange={update} />}
    </details>
  );
}
