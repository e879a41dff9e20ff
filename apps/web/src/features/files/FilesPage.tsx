import { useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { maxZipNodes, type FileNode } from '@site/contract';
import { useCurrentUser } from '../../api/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { folderZipUrl } from './api/folder-zip.ts';
import { selectionZipUrl } from './api/selection-zip.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { FileTable } from './FileTable.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import type { RowMenuActions } from './RowMenu.tsx';
import { canDrop, initialSort, placesTo, sortedBy, subtreeOf } from './tree.ts';
import { visibleRows } from './rows.ts';
import { messageOf } from '../../api/messages.ts';
import { useCreateDirectory } from './api/create-directory.ts';
import { useDeleteNode } from './api/delete-node.ts';
import { useDownloadFile } from './api/download-file.ts';
import { useFileLanded } from './api/file-landed.ts';
import { useFolderReading } from './api/folder-listing.ts';
import { useFolderListings } from './api/folder-listings.ts';
import { useMoveNode } from './api/move-node.ts';
import { useRenameNode } from './api/rename-node.ts';
import styles from './files.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { DropHint } from '../../shared/file-drop/DropHint.tsx';
import { useFileDrop } from '../../shared/file-drop/useFileDrop.ts';
import { startUploads, topLevelName } from './start-uploads.ts';
import { SelectionBar } from '../../shared/selection/SelectionBar.tsx';
import { useSelection } from '../../shared/selection/useSelection.ts';
import { topmostNodes } from './selected-nodes.ts';

/** The personal file manager (/files); it needs the files permission, which the server checks too. */
export default function FilesPage() {
  const { user } = useCurrentUser();
  if (!user?.permissions.includes('files')) {
    return (
      <div className="page">
        <h1>Files</h1>
        <ErrorText>Requires the files permission</ErrorText>
      </div>
    );
  }
  return <FileManager />;
}

/** Reads a folder the screen shows to its end; the table reads its listing from the cache. */
function FolderReading({ folderId }: { folderId: string | null }) {
  useFolderReading(folderId);
  return null;
}

const without = (set: ReadonlySet<string>, ids: Iterable<string>) => {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
};

function FileManager() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [sort, setSort] = useState(initialSort);
  const folderIds = useMemo(() => [null, ...open], [open]);
  const listings = useFolderListings(folderIds);
  const nodes = useMemo(() => {
    const index: Record<string, FileNode> = {};
    for (const listing of listings.values())
      for (const node of listing.nodes ?? []) index[node.nodeId] = node;
    return index;
  }, [listings]);
  const rows = useMemo(
    () => visibleRows((folderId) => listings.get(folderId)?.nodes, open, sort),
    [listings, open, sort],
  );
  const roots = listings.get(null);
  const loadingMore = [...listings.values()].some((listing) => listing.loadingMore);
  const [failure, setFailure] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const failedRead = [...listings.entries()].find(
    ([, listing]) => listing.error && listing.error !== dismissed,
  );
  const error =
    failure ??
    (failedRead
      ? messageOf(
          failedRead[1].error,
          failedRead[0] === null ? 'The files could not be loaded' : 'The folder could not be opened',
        )
      : null);
  const clearError = () => {
    setFailure(null);
    if (failedRead) setDismissed(failedRead[1].error);
  };
  const failed = useCallback((what: string) => (e: unknown) => setFailure(messageOf(e, what)), []);

  const createDirectory = useCreateDirectory().mutate;
  const renameNode = useRenameNode().mutate;
  const moveNode = useMoveNode().mutateAsync;
  const deleteNode = useDeleteNode().mutateAsync;
  const download = useDownloadFile().mutate;
  const fileLanded = useFileLanded();

  const openFolders = useCallback((ids: readonly string[]) => setOpen((s) => new Set([...s, ...ids])), []);
  const toggle = useCallback(
    (node: FileNode) =>
      setOpen((s) => (s.has(node.nodeId) ? without(s, [node.nodeId]) : new Set(s).add(node.nodeId))),
    [],
  );
  /** Makes 'New Directory' and shows it: its folder opens. */
  const newDirectory = (parentId: string | null) =>
    createDirectory(parentId, {
      onSuccess: () => parentId && openFolders([parentId]),
      onError: failed('The folder could not be created'),
    });
  /** Renames unless the trimmed name is empty or unchanged. */
  const rename = useCallback(
    (node: FileNode, name: string) => {
      const trimmed = name.trim();
      if (!trimmed || trimmed === node.name) return;
      renameNode(
        { nodeId: node.nodeId, name: trimmed },
        { onError: failed('The name could not be changed') },
      );
    },
    [renameNode, failed],
  );
  /**
   * Moves `nodeId` under `parentId` (null: the roots) and answers whether it moved; meaningless drops are ignored.
   * `path` (the folders from the top down to `parentId`) comes with a move into a folder the table has not read;
   * the server refuses a folder moved into itself there.
   */
  const move = async (nodeId: string, parentId: string | null, path?: readonly string[]) => {
    const known = parentId === null || parentId in nodes;
    if (known ? !canDrop(nodes, nodeId, parentId) : !path) return false;
    try {
      await moveNode({ nodeId, parentId, path });
      return true;
    } catch (e) {
      failed('The move failed')(e);
      return false;
    }
  };
  const remove = async (node: FileNode) => {
    try {
      await deleteNode(node.nodeId);
    } catch (e) {
      failed('The delete failed')(e);
      return false;
    }
    setOpen((s) => without(s, subtreeOf(nodes, node.nodeId)));
    return true;
  };
  /** A file finished uploading: it shows in its folder, which opens. */
  const landed = async (file: FileNode) => {
    await fileLanded(file);
    if (file.parentId) openFolders([file.parentId]);
  };

  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileNode[]>([]);
  const [moving, setMoving] = useState<FileNode[]>([]);
  const order = useMemo(() => rows.map((r) => r.node.nodeId), [rows]);
  const selection = useSelection(order, 'files');
  const selectedNodes = topmostNodes(nodes, selection.selected);
  const zipUrl = selectionZipUrl(selectedNodes.map((n) => n.nodeId));
  const picker = useRef<HTMLInputElement>(null);
  const uploadTarget = useRef<FileNode | null>(null);

  const pickFor = (folder: FileNode | null) => {
    uploadTarget.current = folder;
    picker.current?.click();
  };

  const menuActions: RowMenuActions = {
    onNewDirectory: (folder) => newDirectory(folder.nodeId),
    onUpload: pickFor,
    onDownload: (file) => download(file.nodeId, { onError: failed('The download failed') }),
    onDownloadZip: (folder) => window.location.assign(folderZipUrl(folder.nodeId)),
    onRename: (node) => setEditingId(node.nodeId),
    onMoveTo: (node) => setMoving([node]),
    onDelete: (node) => setDeleting([node]),
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    e.target.value = '';
    startUploads(files, uploadTarget.current, landed);
  };

  // Files from the computer go into the folder under the pointer; over a file, into the folder holding it.
  const drop = useFileDrop<FileNode | null>(
    (element) => {
      const row = element.closest<HTMLElement>('[data-node-id]');
      const node = row && nodes[row.dataset.nodeId ?? ''];
      if (!node) return null;
      return node.isDirectory ? node : (node.parentId && nodes[node.parentId]) || null;
    },
    (files, folder) => startUploads(files, folder, landed),
  );
  const dropFolder = drop.over?.target;

  return (
    <div className="page" {...drop.bind}>
      {folderIds.map((folderId) => (
        <FolderReading key={folderId ?? ''} folderId={folderId} />
      ))}
      <div className={styles.header}>
        <h1>Files</h1>
        <div className={styles.headerActions}>
          <button type="button" className="btn" onClick={() => pickFor(null)}>
            Upload
          </button>
          <button type="button" className="btn btn-primary" onClick={() => newDirectory(null)}>
            New Root Folder
          </button>
        </div>
      </div>
      <SelectionBar count={selection.selected.length} onClear={selection.clear}>
        <button type="button" className="btn" onClick={() => setMoving(selectedNodes)}>
          Move
        </button>
        <button type="button" className="btn" onClick={() => setDeleting(selectedNodes)}>
          Delete
        </button>
        {zipUrl ? (
          <a className="btn" href={zipUrl} download>
            Download as zip
          </a>
        ) : (
          <button type="button" className="btn" disabled title={`At most ${maxZipNodes} at a time`}>
            Download as zip
          </button>
        )}
      </SelectionBar>
      <DropHint text={drop.over && `Drop files to upload to ${dropFolder?.name ?? topLevelName}`} />
      {error && (
        <div className={styles.error} role="alert">
          <span>{error}</span>
          <button type="button" className="btn btn-ghost" onClick={clearError}>
            Dismiss
          </button>
        </div>
      )}
      {!roots?.nodes && !roots?.error ? (
        <Spinner page label="Loading files" />
      ) : (
        <FileTable
          rows={rows}
          fileDrop={drop.over ? (dropFolder?.nodeId ?? null) : undefined}
          isSelected={selection.isSelected}
          selection={selection}
          sort={sort}
          editingId={editingId}
          onSort={(column) => setSort((s) => sortedBy(s, column))}
          onToggle={toggle}
          onEdit={(node) => setEditingId(node?.nodeId ?? null)}
          onRename={rename}
          onMove={(nodeId, parentId) => void move(nodeId, parentId)}
          actions={menuActions}
        />
      )}
      {loadingMore && (
        <p className={styles.more} role="status">
          Loading more…
        </p>
      )}
      <input ref={picker} type="file" multiple hidden aria-label="Files to upload" onChange={onPicked} />
      <DeleteDialog
        nodes={deleting}
        onConfirm={async (nodes) => {
          for (const node of nodes) if (!(await remove(node))) return false;
          selection.clear();
          return true;
        }}
        onClose={() => setDeleting([])}
      />
      <MoveDialog
        nodes={moving}
        from={placesTo(nodes, moving[0]?.parentId ?? null)}
        onMove={async (nodes, path) => {
          const ids = path.map((place) => place.nodeId);
          for (const node of nodes) if (!(await move(node.nodeId, ids.at(-1) ?? null, ids))) return;
          selection.clear();
          // Unlike a drop, the destination may be out of sight: open the way down to show the nodes arriving.
          openFolders(ids);
        }}
        onClose={() => setMoving([])}
      />
    </div>
  );
}
