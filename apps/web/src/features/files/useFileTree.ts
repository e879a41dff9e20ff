import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { FileNode } from '@site/contract';
import { api } from '../../api/client.ts';
import { failureMessage } from './failure.ts';
import { visibleRows } from './rows.ts';
import { canDrop, initialTree, treeReducer, type SortColumn } from './tree.ts';

/**
 * The Files screen's tree and every action on it. Each action asks the server first and changes the local tree
 * from the answer; a refusal leaves the tree as it was and sets `error` to the server's reason.
 */
export function useFileTree() {
  const [state, dispatch] = useReducer(treeReducer, initialTree);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  /** Runs a call; on failure shows its message and answers null. */
  const attempt = useCallback(
    async <T extends { status: number; body: unknown }>(call: () => Promise<T>, what: string) => {
      const res = await call().catch(() => null);
      if (res && res.status >= 200 && res.status < 300) return res;
      setError(failureMessage(res, what));
      return null;
    },
    [],
  );

  const loadRoots = useCallback(async () => {
    const res = await attempt(() => api.files.roots(), 'The files could not be loaded');
    if (res?.status === 200) dispatch({ type: 'rootsLoaded', roots: res.body });
    setLoading(false);
  }, [attempt]);

  useEffect(() => {
    void loadRoots();
  }, [loadRoots]);

  /** Loads a folder's children, then marks it open (also how a folder is reloaded). */
  const open = useCallback(
    async (nodeId: string) => {
      const res = await attempt(
        () => api.files.children({ params: { nodeId } }),
        'The folder could not be opened',
      );
      if (res?.status === 200) dispatch({ type: 'opened', nodeId, children: res.body });
    },
    [attempt],
  );

  const toggle = useCallback(
    (node: FileNode) =>
      state.open.has(node.nodeId)
        ? dispatch({ type: 'closed', nodeId: node.nodeId })
        : void open(node.nodeId),
    [open, state.open],
  );

  /** Creates 'New Directory' (numbered by the server on a clash) and shows it: its parent is reloaded open. */
  const createDirectory = useCallback(
    async (parentId: string | null) => {
      const res = await attempt(
        () => api.files.createDirectory({ body: { name: 'New Directory', parentId } }),
        'The folder could not be created',
      );
      if (res?.status !== 200) return;
      dispatch({ type: 'added', node: res.body });
      if (parentId) await open(parentId);
    },
    [attempt, open],
  );

  /** A file finished uploading: it counts in the folders above, and its folder is reopened from the server. */
  const fileAdded = useCallback(
    async (file: FileNode) => {
      dispatch({ type: 'added', node: file });
      if (file.parentId) await open(file.parentId);
    },
    [open],
  );

  /** Renames unless the trimmed name is empty or unchanged. */
  const rename = useCallback(
    async (node: FileNode, name: string) => {
      const trimmed = name.trim();
      if (!trimmed || trimmed === node.name) return;
      const res = await attempt(
        () =>
          api.files.update({ params: { nodeId: node.nodeId }, body: { tag: 'Rename', contents: trimmed } }),
        'The name could not be changed',
      );
      if (res?.status === 200) dispatch({ type: 'renamed', node: res.body });
    },
    [attempt],
  );

  /** Moves `nodeId` under `parentId` (null: the roots) and answers whether it moved; meaningless drops are ignored. */
  const move = useCallback(
    async (nodeId: string, parentId: string | null) => {
      if (!canDrop(state, nodeId, parentId)) return false;
      const res = await attempt(
        () => api.files.update({ params: { nodeId }, body: { tag: 'ChangeParent', contents: parentId } }),
        'The move failed',
      );
      if (res?.status !== 200) return false;
      dispatch({ type: 'moved', nodeId, parentId });
      return true;
    },
    [attempt, state],
  );

  const remove = useCallback(
    async (node: FileNode) => {
      const res = await attempt(
        () => api.files.remove({ params: { nodeId: node.nodeId } }),
        'The delete failed',
      );
      if (res) dispatch({ type: 'removed', nodeId: node.nodeId });
      return res !== null;
    },
    [attempt],
  );

  /** Fetches a signed download URL and navigates to it; the server sends the file as an attachment. */
  const download = useCallback(
    async (node: FileNode) => {
      const res = await attempt(
        () => api.files.downloadUrl({ params: { nodeId: node.nodeId } }),
        'The download failed',
      );
      if (res?.status === 200) window.location.assign(res.body.url);
    },
    [attempt],
  );

  const sortBy = useCallback((column: SortColumn) => dispatch({ type: 'sorted', column }), []);
  const rows = useMemo(() => visibleRows(state), [state]);

  return {
    state,
    rows,
    loading,
    error,
    clearError: () => setError(null),
    actions: { loadRoots, toggle, open, createDirectory, fileAdded, rename, move, remove, download, sortBy },
  };
}

/** The actions `useFileTree` offers. */
export type TreeActions = ReturnType<typeof useFileTree>['actions'];
