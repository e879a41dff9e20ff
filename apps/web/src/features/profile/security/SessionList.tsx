import type { SessionInfo } from '@site/contract';
import { useState } from 'react';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/sessions.ts';
import styles from '../profile.module.css';
import { refusalText } from './refusal.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One session: what browser on what system, from which network, since and until when. */
function SessionItem({ session, onEnd }: { session: SessionInfo; onEnd: () => void }) {
  return (
    <li className={styles.session}>
      <div>
        <strong>
          {session.browser} on {session.system}
        </strong>
        {session.thisDevice && <span className={styles.badge}>This device</span>}
        {session.byAdministrator && <span className={styles.badge}>An administrator acting for you</span>}
        <div className="muted">
          Network {session.network || 'unknown'} · signed in {when(session.createdAt)} · last seen{' '}
          {when(session.lastSeenAt)}
        </div>
      </div>
      {!session.thisDevice && (
        <button type="button" className="btn" onClick={onEnd}>
          Sign out
        </button>
      )}
    </li>
  );
}

/** Where the member is signed in, with "Sign out" for each other session and for all of them. */
export function SessionList() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => setProblem(refusalText(error, 'Could not sign out. Please try again.'));

  if (sessions.isPending) return <Spinner label="Loading sessions" />;
  if (sessions.isError) return <ErrorText>The sessions could not be loaded.</ErrorText>;
  const others = sessions.data.filter((s) => !s.thisDevice);
  return (
    <div className="stack">
      <ul className={styles.sessions} aria-label="Sessions">
        {sessions.data.map((session) => (
          <SessionItem
            key={session.sessionId}
            session={session}
            onEnd={() => endSession.mutate(session.sessionId, { onError: failed })}
          />
        ))}
      </ul>
      <p className="muted">
        The network is where the browser signed in from, cut to its first part; no place is looked up.
      </p>
      {others.length > 0 && (
        <div>
          <button
            type="button"
            className="btn"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate(undefined, { onError: failed })}
          >
            Sign out all other sessions
          </button>
        </div>
      )}
      {problem && <ErrorText>{problem}</ErrorText>}
    </div>
  );
}
