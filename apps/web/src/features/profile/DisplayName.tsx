import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styles from './profile.module.css';
import { useUpdateDisplayName } from './api/update-display-name.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** The display name with its inline edit: Submit or Enter saves (non-empty only), Cancel or Escape leaves it. */
export function DisplayName({ name }: { name: string }) {
  const updateDisplayName = useUpdateDisplayName();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!editing) return;
    // The product focuses the box a moment after it appears.
    const timer = setTimeout(() => input.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, [editing]);

  const cancel = () => {
    setEditing(false);
    setDraft(name);
    setError(null);
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const displayName = draft.trim();
    if (!displayName) return;
    setEditing(false);
    updateDisplayName.mutate(displayName, {
      onError: () => setError('The display name could not be saved. Please try again.'),
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };

  if (!editing) {
    return (
      <div className={styles.value}>
        <span>{name || <em className="muted">not set</em>}</span>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        >
          Change display name
        </button>
        {error && <ErrorText>{error}</ErrorText>}
      </div>
    );
  }

  return (
    <form className={styles.value} onSubmit={submit}>
      <label htmlFor="display-name" className="visually-hidden">
        Display name
      </label>
      <input
        id="display-name"
        ref={input}
        className={`input ${styles.nameInput}`}
        value={draft}
        maxLength={100}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
        Submit
      </button>
      <button type="button" className="btn" onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}
