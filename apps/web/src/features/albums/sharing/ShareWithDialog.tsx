import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ShareRole } from '@site/contract';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { addressProblems, splitAddresses } from './address-list.ts';
import { useShareAlbum } from '../api/share-album.ts';
import { shareFailureText } from './share-failure.ts';
import { shareRoleLabels } from '../common/share-roles.ts';
import styles from './sharing.module.css';

/** The addresses shared so far, named while they fit on a line or two of a phone screen. */
const sharedText = (addresses: string[]) =>
  addresses.length <= 3
    ? `Shared with ${addresses.join(', ')}.`
    : `Shared with ${addresses.length} addresses.`;

/**
 * 'Share with': one or several e-mail addresses (split at commas, spaces and new lines, each shape-checked as
 * typed) and what they may do (Viewer first), Share or Cancel. Each address is shared on its own; when some are
 * refused the dialog stays open with just those, each with its reason, and names the ones that went through.
 */
export function ShareWithDialog(props: {
  photoAlbumId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { photoAlbumId, open, onOpenChange } = props;
  const [text, setText] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
  const boxId = useId();
  const roleId = useId();
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [sharedNow, setSharedNow] = useState<string[]>([]);
  const addresses = splitAddresses(text);
  const problems = addressProblems(text);
  const ready = addresses.length > 0 && problems.length === 0;

  const reset = () => {
    setText('');
    setRole('viewer');
    setRefusals([]);
    setSharedNow([]);
  };

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const shareAlbum = useShareAlbum();
  const share = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setRefusals([]);
    const done: string[] = [];
    const refused: string[] = [];
    const reasons: string[] = [];
    for (const emailAddress of addresses) {
      try {
        await shareAlbum.mutateAsync({ photoAlbumId, emailAddress, role });
        done.push(emailAddress);
      } catch (err) {
        refused.push(emailAddress);
        reasons.push(shareFailureText(emailAddress, err));
      }
    }
    setBusy(false);
    if (refused.length === 0) {
      reset();
      onOpenChange(false);
      return;
    }
    setText(refused.join('\n'));
    setRefusals(reasons);
    setSharedNow((before) => [...before, ...done]);
  };

  // Enter shares, as in a one-line field; new lines come with pasted lists (or Shift+Enter).
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Share with">
      <form className="stack" onSubmit={(e) => void share(e)} noValidate>
        <div className="field">
          <label htmlFor={boxId}>Email addresses</label>
          <textarea
            id={boxId}
            className={`input ${styles.addressBox}`}
            rows={3}
            autoComplete="off"
            spellCheck={false}
            placeholder="name@example.com"
            value={text}
            autoFocus
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={problems.length > 0}
            aria-describedby={`${boxId}-hint`}
          />
          {/* Share stays disabled until every address has its shape; what is wrong shows once something is typed. */}
          <span id={`${boxId}-hint`} className="field-hint">
            {problems.length === 0
              ? 'Several? Separate them with commas, spaces or new lines.'
              : problems.map((problem) => (
                  <span key={problem} className={`error-text ${styles.problem}`}>
                    {problem}
                  </span>
                ))}
          </span>
        </div>
        <div className="field">
          <label htmlFor={roleId}>Role</label>
          <select
            id={roleId}
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as ShareRole)}
          >
            {(Object.keys(shareRoleLabels) as ShareRole[]).map((r) => (
              <option key={r} value={r}>
                {shareRoleLabels[r]}
              </option>
            ))}
          </select>
        </div>
        {refusals.map((reason) => (
          <ErrorText key={reason}>{reason}</ErrorText>
        ))}
        {sharedNow.length > 0 && (
          <p className="success-text" role="status">
            {sharedText(sharedNow)}
          </p>
        )}
        <div className="dialog-actions">
          {/* Once some addresses are shared there is nothing left to cancel. */}
          <button type="button" className="btn" onClick={() => close(false)} disabled={busy}>
            {sharedNow.length > 0 ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!ready || busy}>
            {busy ? (
              <Spinner label="Sharing" />
            ) : addresses.length > 1 ? (
              `Share with ${addresses.length}`
            ) : (
              'Share'
            )}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
