import { useEffect, useState } from 'react';
import type { MemberRow } from '@site/contract';
import { useCurrentUser } from '../../api/session.ts';
import { formatDateTime, formatSize } from '../../shared/format.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMembers, useResetSecondFactors, useSetDisabled } from './api/members.ts';
import styles from './admin.module.css';

/** How long typing must pause before the list is asked for again. */
const typingPauseMs = 300;

/**
 * Every member, by address, a page at a time, narrowed to those whose address or name starts with what is typed:
 * what they store, when they were last seen, their second factor; disable or enable them, or open their details.
 */
export function MemberList({ onOpen }: { onOpen: (emailAddress: string) => void }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), typingPauseMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const members = useMembers(search);
  const rows = members.data?.pages.flatMap((page) => page.body.users) ?? [];

  return (
    <div className="stack">
      <div className={styles.search}>
        <label htmlFor="member-search" className="label">
          Find a member by the start of their e-mail address or name:
        </label>
        <input
          id="member-search"
          className="input"
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      {members.isError && <ErrorText>The list of members could not be loaded.</ErrorText>}
      {members.isPending && <Spinner label="Loading members" />}
      {members.isSuccess && rows.length === 0 && (
        <p className="muted" role="status">
          No member matches.
        </p>
      )}
      <ul className={styles.members} aria-label="Members">
        {rows.map((member) => (
          <Member key={member.userId} member={member} onOpen={onOpen} />
        ))}
      </ul>
      {members.hasNextPage && (
        <button
          type="button"
          className="btn"
          disabled={members.isFetchingNextPage}
          onClick={() => void members.fetchNextPage()}
        >
          {members.isFetchingNextPage ? 'Loading…' : 'Show more members'}
        </button>
      )}
    </div>
  );
}

function Member({ member, onOpen }: { member: MemberRow; onOpen: (emailAddress: string) => void }) {
  const { user } = useCurrentUser();
  const setDisabled = useSetDisabled();
  const resetSecondFactors = useResetSecondFactors();
  const [confirming, setConfirming] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const name = member.displayName || member.emailAddress;
  const enable = () => setDisabled.mutate({ userId: member.userId, disabled: false });

  return (
    <li className={styles.member} aria-label={member.emailAddress}>
      <div className={styles.memberName}>
        <strong>{name}</strong>
        {member.permissions.includes('admin') && <span className={styles.badge}>Admin</span>}
        {member.disabled && <span className={`${styles.badge} ${styles.badgeOff}`}>Disabled</span>}
      </div>
      {member.displayName && <div className="muted">{member.emailAddress}</div>}
      <dl className={styles.facts}>
        <div>
          <dt>Storage</dt>
          <dd>{formatSize(member.usedBytes)}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>{member.lastSeenAt ? formatDateTime(member.lastSeenAt) : 'Never'}</dd>
        </div>
        <div>
          <dt>Second factor</dt>
          <dd>{member.secondFactor ? 'On' : 'Off'}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={() => onOpen(member.emailAddress)}>
          Details
        </button>
        {member.userId !== user?.userId &&
          (member.disabled ? (
            <button type="button" className="btn" disabled={setDisabled.isPending} onClick={enable}>
              Enable again
            </button>
          ) : (
            <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
              Disable
            </button>
          ))}
        {member.userId !== user?.userId && member.secondFactor && (
          <button type="button" className="btn" onClick={() => setConfirmingReset(true)}>
            Reset second factor
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Disable ${name}?`}
        description="They are signed out everywhere at once and cannot sign in until you enable the account again. Nothing of theirs is deleted."
        confirmLabel="Disable"
        action="disable the account"
        onConfirm={() => setDisabled.mutateAsync({ userId: member.userId, disabled: true })}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={confirmingReset}
        title={`Reset ${name}'s second factor?`}
        description="Their passkeys and authenticator app are removed, so they sign in with their password or a mailed link alone until they add new ones. Do this only when they have lost every one and you are sure it is them asking. They are told by mail, and the audit log records that you did it."
        confirmLabel="Reset second factor"
        action="reset the second factor"
        onConfirm={() => resetSecondFactors.mutateAsync(member.userId)}
        onClose={() => setConfirmingReset(false)}
      />
    </li>
  );
}
