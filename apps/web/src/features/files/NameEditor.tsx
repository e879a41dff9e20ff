import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The inline name edit: Enter or a click outside commits, Escape cancels. The box takes focus 100 ms after it
 * appears (the product's constant), with the name selected up to its extension. A box that leaves the page
 * with a changed name (its row scrolled out of the table's window) commits it too: browsers send no blur then.
 */
export function NameEditor({
  name,
  onCommit,
  onCancel,
}: {
  name: string;
  onCommit: (name: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(name);
  const input = useRef<HTMLInputElement>(null);
  // Enter commits and then unmounting blurs: the second ending must not count.
  const ended = useRef(false);
  const latest = useRef({ draft, onCommit });
  latest.current = { draft, onCommit };

  useEffect(() => {
    const timer = setTimeout(() => {
      const box = input.current;
      if (!box) return;
      box.focus();
      const dot = name.lastIndexOf('.');
      box.setSelectionRange(0, dot > 0 ? dot : name.length);
    }, 100);
    return () => clearTimeout(timer);
  }, [name]);

  useEffect(
    () => () => {
      const { draft, onCommit } = latest.current;
      if (ended.current || draft === name) return;
      ended.current = true;
      onCommit(draft);
    },
    [name],
  );

  const end = (commit: boolean) => {
    if (ended.current) return;
    ended.current = true;
    if (commit) onCommit(draft);
    else onCancel();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      end(true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      end(false);
    }
  };

  return (
    <input
      ref={input}
      className="input"
      value={draft}
      maxLength={255}
      aria-label={`New name for ${name}`}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => end(true)}
      onPointerDown={(e) => e.stopPropagation()}
    />
  );
}
