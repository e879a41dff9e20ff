import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FileNode } from '@site/contract';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSubfolders } from './api/subfolders.ts';
import { FolderClosedIcon } from './icons.tsx';
import type { Place } from './tree.ts';
import styles from './files.module.css';

interface MoveDialogProps {
  /** What to move (none: the dialog is closed). */
  nodes: FileNode[];
  /** Where the first of them is now: the folders from the top level down to its parent. */
  from: Place[];
  /** Moves them into the last folder of `path` (none: the top level); answers once the server has. */
  onMove: (nodes: FileNode[], path: Place[]) => Promise<void>;
  onClose: () => void;
}

/**
 * Moves a node without dragging, the way a desktop's "Move to" does: it opens where the node is, a folder's name
 * goes into it (loading what it holds from the server), the path above goes back up, and "Move here" moves it into
 * the folder shown. Works from the keyboard and on screens where a long press is awkward.
 */
export function MoveDialog({ nodes, from, onMove, onClose }: MoveDialogProps) {
  const [busy, setBusy] = useState(false);
  const [only] = nodes;
  return (
    <Dialog
      open={nodes.length > 0}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={nodes.length === 1 ? `Move "${only?.name ?? ''}" to…` : `Move ${nodes.length} items to…`}
    >
      {only && (
        <FolderBrowser
          key={nodes.map((n) => n.nodeId).join()}
          nodes={nodes}
          from={from}
          busy={busy}
          onCancel={onClose}
          onMove={async (path) => {
            setBusy(true);
            await onMove(nodes, path);
            setBusy(false);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function FolderBrowser({
  nodes,
  from,
  busy,
  onCancel,
  onMove,
}: {
  nodes: FileNode[];
  from: Place[];
  busy: boolean;
  onCancel: () => void;
  onMove: (path: Place[]) => Promise<void>;
}) {
  const [path, setPath] = useState(from);
  const [moved, setMoved] = useState(false);
  const here = path.at(-1)?.nodeId ?? null;
  const folders = useSubfolders(here);
  const inside = (folders.data ?? []).filter((folder) => !nodes.some((n) => n.nodeId === folder.nodeId));
  const alreadyHere = nodes.every((n) => n.parentId === here);
  const list = useRef<HTMLDivElement>(null);

  // After going into or up from a folder, the button pressed is gone: focus goes to what is shown now.
  useEffect(() => {
    if (!moved || folders.isPending) return;
    list.current?.querySelector<HTMLElement>('button, [tabindex="-1"]')?.focus();
  }, [moved, folders.isPending, here]);

  const go = (next: Place[]) => {
    setMoved(true);
    setPath(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!alreadyHere && !busy) void onMove(path);
  };

  return (
    <form onSubmit={submit}>
      <nav aria-label="Folder path" className={styles.crumbs}>
        <ol>
          {[{ nodeId: null, name: 'Top level' }, ...path].map((place, i, all) => (
            <li key={place.nodeId ?? 'top'}>
              {i === all.length - 1 ? (
                <span aria-current="location">{place.name}</span>
              ) : (
                <button type="button" className={styles.crumb} onClick={() => go(path.slice(0, i))}>
                  {place.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div ref={list} className={styles.browser}>
        {folders.isPending ? (
          <Spinner label="Loading folders" />
        ) : folders.isError ? (
          <ErrorText>This folder could not be opened. Please try again.</ErrorText>
        ) : inside.length === 0 ? (
          <p className="muted" tabIndex={-1}>
            No folders in here.
          </p>
        ) : (
          <ul aria-label="Folders in here">
            {inside.map((folder) => (
              <li key={folder.nodeId}>
                <button
                  type="button"
                  className={styles.browseFolder}
                  onClick={() => go([...path, { nodeId: folder.nodeId, name: folder.name }])}
                >
                  <FolderClosedIcon />
                  <span>{folder.name}</span>
                  <span aria-hidden="true" className={styles.chevron}>
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {alreadyHere && (
        <p className="muted">
          {nodes.length === 1 ? 'It is' : 'They are'} already here; open a folder to move{' '}
          {nodes.length === 1 ? 'it' : 'them'} into.
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || alreadyHere}>
          Move here
        </button>
      </div>
    </form>
  );
}
