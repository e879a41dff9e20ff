import { useState } from 'react';
import type { TrashItem } from '@site/contract';
import { failureText } from '../../api/messages.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDeleteForever, useEmptyTrash, useRestoreItem } from './api/trash-actions.ts';
import { useTrashItems } from './api/trash-items.ts';
import { dateText, itemLabel } from './describe.ts';
import { TrashRow } from './TrashRow.tsx';
import styles from './trash.module.css';

/** What the confirm dialog is asking about: one item, or the whole trash. */
type Asking = { item: TrashItem } | 'all' | null;

/** The member's trash: what they deleted, to restore or delete forever. */
export default function TrashPage() {
  const items = useTrashItems();
  const restore = useRestoreItem();
  const deleteForever = useDeleteForever();
  const empty = useEmptyTrash();
  const [asking, setAsking] = useState<Asking>(null);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  const onRestore = (item: TrashItem) =>
    restore.mutate(item, {
      onSuccess: ({ name, place }) =>
        setStatus({
          text:
            item.kind === 'node'
              ? `“${name}” is back in ${place ? `Files › ${place}` : 'Files'}.`
              : item.kind === 'album'
                ? `The album “${name}” is back in Photo Albums.`
                : `The photo is back in the album “${place}”.`,
          failed: false,
        }),
      onError: (e) => setStatus({ text: failureText(`restore the ${itemLabel(item)}`, e), failed: true }),
    });

  const busy = restore.isPending || deleteForever.isPending || empty.isPending;
  const list = items.data ?? [];
  const first = list.reduce<string | null>((min, i) => (!min || i.purgeAt < min ? i.purgeAt : min), null);

  return (
    <div className="page">
      <div className={styles.header}>
        <h1>Trash</h1>
        {list.length > 0 && (
          <button type="button" className="btn btn-danger" onClick={() => setAsking('all')} disabled={busy}>
            Empty trash
          </button>
        )}
      </div>
      <p className="muted">
        Deleted files, folders, photos and albums wait here until you restore them or delete them forever.
        {first && ` The oldest is deleted for good on ${dateText(first)}.`}
      </p>
      <p role="status" className={status?.failed ? styles.failed : styles.status}>
        {status?.text}
      </p>
      {items.isPending ? (
        <Spinner label="Loading the trash" />
      ) : items.isError ? (
        <ErrorText>The trash could not be loaded. Please try again.</ErrorText>
      ) : list.length === 0 ? (
        <p className={`card ${styles.empty}`}>The trash is empty.</p>
      ) : (
        <ul className={styles.list}>
          {list.map((item) => (
            <TrashRow
              key={`${item.kind}:${item.id}`}
              item={item}
              busy={busy}
              onRestore={() => onRestore(item)}
              onDelete={() => setAsking({ item })}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'all' ? 'Empty trash?' : 'Delete forever?'}
        confirmLabel="Delete forever"
        action="delete it"
        description={
          asking === 'all'
            ? `Everything in the trash (${list.length} item${list.length === 1 ? '' : 's'}) will be deleted. This cannot be undone.`
            : `The ${asking ? itemLabel(asking.item) : ''} will be deleted. This cannot be undone.`
        }
        onConfirm={async () => {
          setStatus(null);
          if (asking === 'all') await empty.mutateAsync(undefined);
          else if (asking) await deleteForever.mutateAsync(asking.item);
        }}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
