import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { maxZipNodes, type FileNode } from '@site/contract';
import { useCurrentUser } from '../../api/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { folderZipUrl } from './api/folder-zip.ts';
import { selectionZipUrl } from './api/selection-zip.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { FileTable } from './FileTable.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import type { RowMenuActions } from './RowMenu.tsx';
import { placesTo } from './tree.ts';
import { useFileTree } from './useFileTree.ts';
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

function FileManager() {
  const { state, rows, loading, loadingMore, error, clearError, actions } = useFileTree();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileNode[]>([]);
  const [moving, setMoving] = useState<FileNode[]>([]);
  const order = useMemo(() => rows.map((r) => r.node.nodeId), [rows]);
  const selection = useSelection(order, 'files');
  const selectedNodes = topmostNodes(state.nodes, selection.selected);
  const zipUrl = selectionZipUrl(selectedNodes.map((n) => n.nodeId));
  const picker = useRef<HTMLInputElement>(null);
  const uploadTarget = useRef<FileNode | null>(null);

  const pickFor = (folder: FileNode | null) => {
    uploadTarget.current = folder;
    picker.current?.click();
  };

  const menuActions: RowMenuActions = {
    onNewDirectory: (folder) => void actions.createDirectory(folder.nodeId),
    onUpload: pickFor,
    onDownload: (file) => void actions.download(file),
    onDownloadZip: (folder) => window.location.assign(folderZipUrl(folder.nodeId)),
    onRename: (node) => setEditingId(node.nodeId),
    onMoveTo: (node) => setMoving([node]),
    onDelete: (node) => setDeleting([node]),
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    e.target.value = '';
    startUploads(files, uploadTarget.current, actions.fileAdded);
  };

  // Files from the computer go into the folder under the pointer; over a file, into the folder holding it.
  const drop = useFileDrop<FileNode | null>(
    (element) => {
      const row = element.closest<HTMLElement>('[data-node-id]');
      const node = row && state.nodes[row.dataset.nodeId ?? ''];
      if (!node) return null;
      return node.isDirectory ? node : (node.parentId && state.nodes[node.parentId]) || null;
    },
    (files, folder) => startUploads(files, folder, actions.fileAdded),
  );
  const dropFolder = drop.over?.target;

  return (
    <div className="page" {...drop.bind}>
      <div className={styles.header}>
        <h1>Files</h1>
        <div className={styles.headerActions}>
          <button type="button" className="btn" onClick={() => pickFor(null)}>
            Upload
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void actions.createDirectory(null)}
          >
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
      {loading ? (
        <Spinner page label="Loading files" />
      ) : (
        <FileTable
          rows={rows}
          fileDrop={drop.over ? (dropFolder?.nodeId ?? null) : undefined}
          isSelected={selection.isSelected}
          selection={selection}
          sort={state.sort}
          editingId={editingId}
          onSort={actions.sortBy}
          onToggle={actions.toggle}
          onEdit={(node) => setEditingId(node?.nodeId ?? null)}
          onRename={(node, name) => void actions.rename(node, name)}
          onMove={(nodeId, parentId) => void actions.move(nodeId, parentId)}
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
          for (const node of nodes) if (!(await actions.remove(node))) return false;
          selection.clear();
          return true;
        }}
        onClose={() => setDeleting([])}
      />
      <MoveDialog
        nodes={moving}
        from={placesTo(state.nodes, moving[0]?.parentId ?? null)}
        onMove={async (nodes, path) => {
          const ids = path.map((place) => place.nodeId);
          for (const node of nodes) if (!(await actions.move(node.nodeId, ids.at(-1) ?? null, ids))) return;
          selection.clear();
          // Unlike a drop, the destination may be out of sight: open the way down to show the nodes arriving.
          await actions.reveal(ids);
        }}
        onClose={() => setMoving([])}
      />
    </div>
  );
}
