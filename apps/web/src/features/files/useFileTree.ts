import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { maxPageSize, type FileNode } from '@site/contract';
import { messageOf } from '../../api/messages.ts';
import * as files from './api/file-nodes.ts';
import { visibleRows } from './rows.ts';
import { canDrop, initialTree, treeReducer, type SortColumn } from './tree.ts';

/** The first page of a listing: enough rows to fill a tall screen, small enough to arrive at once. */
const firstPageSize = 100;

/**
 * The Files screen's tree and every action on it. Each action asks the server first and changes the local tree
 * from the answer; a refusal leaves the tree as it was and sets `error` to the server's reason.
 */
export function useFileTree() {
  const [state, dispatch] = useReducer(treeReducer, initialTree);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  /** How many listings have shown their first page and are still fetching the rest. */
  const [loadingMore, setLoadingMore] = useState(0);
  /** The latest load of each listing (null: the roots): an older one still running stops adding pages. */
  const loads = useRef(new Map<string | null, number>());

  /** Runs a call; on failure shows its message (the server's, else `what`) and answers undefined. */
  const attempt = useCallback(async <T>(call: () => Promise<T>, what: string) => {
    try {
      return { value: await call() };
    } catch (e) {
      setError(messageOf(e, what));
      return undefined;
    }
  }, []);

  /**
   * Fetches a listing page by page: the first one small so rows show at once, the rest as large as the server
   * allows. After each page `onPage` gets every node so far; answers whether the listing was read to its end
   * (false when a call failed or a newer load of the same listing took over).
   */
  const loadPages = useCallback(
    async (
      folderId: string | null,
      what: string,
      onPage: (nodes: FileNode[], first: boolean, complete: boolean) => void,
    ) => {
      const load = (loads.current.get(folderId) ?? 0) + 1;
      loads.current.set(folderId, load);
      const nodes: FileNode[] = [];
      let after: string | undefined;
      let more = false;
      try {
        for (let first = true; ; first = false) {
          const limit = first ? firstPageSize : maxPageSize;
          const res = await attempt(() => files.listPage(folderId, { limit, after }), what);
          if (!res || loads.current.get(folderId) !== load) return false;
          nodes.push(...res.value.nodes);
          after = res.value.next;
          if (first && after !== undefined) {
            more = true;
            setLoadingMore((n) => n + 1);
          }
          onPage([...nodes], first, after === undefined);
          if (after === undefined) return true;
        }
      } finally {
        if (more) setLoadingMore((n) => n - 1);
      }
    },
    [attempt],
  );

  const loadRoots = useCallback(async () => {
    await loadPages(null, 'The files could not be loaded', (roots, first, complete) => {
      dispatch(
        first
          ? { type: 'rootsLoaded', roots }
          : { type: 'childrenLoaded', nodeId: null, children: roots, complete, open: false },
      );
      setLoading(false);
    });
    setLoading(false);
  }, [loadPages]);

  useEffect(() => {
    void loadRoots();
  }, [loadRoots]);

  /** Loads a folder's children, marking it open with the first page (also how a folder is reloaded). */
  const open = useCallback(
    async (nodeId: string) => {
      await loadPages(nodeId, 'The folder could not be opened', (children, first, complete) =>
        dispatch({ type: 'childrenLoaded', nodeId, children, complete, open: first }),
      );
    },
    [loadPages],
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
        () => files.createDirectory('New Directory', parentId),
        'The folder could not be created',
      );
      if (!res) return;
      dispatch({ type: 'added', node: res.value });
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
        () => files.renameNode(node.nodeId, trimmed),
        'The name could not be changed',
      );
      if (res) dispatch({ type: 'renamed', node: res.value });
    },
    [attempt],
  );

  /**
   * Moves `nodeId` under `parentId` (null: the roots) and answers whether it moved; meaningless drops are ignored.
   * `path` (the folders from the top down to `parentId`) comes with a move into a folder the table has not loaded;
   * the server refuses a folder moved into itself there.
   */
  const move = useCallback(
    async (nodeId: string, parentId: string | null, path?: readonly string[]) => {
      const loaded = parentId === null || parentId in state.nodes;
      if (loaded ? !canDrop(state, nodeId, parentId) : !path) return false;
      const res = await attempt(() => files.moveNode(nodeId, parentId), 'The move failed');
      if (!res) return false;
      dispatch({ type: 'moved', nodeId, parentId, path });
      return true;
    },
    [attempt, state],
  );

  /** Opens each folder of `path` in turn, from the top down, so the last one shows in the table. */
  const reveal = useCallback(
    async (path: readonly string[]) => {
      for (const id of path) await open(id);
    },
    [open],
  );

  const remove = useCallback(
    async (node: FileNode) => {
      const res = await attempt(() => files.deleteNode(node.nodeId), 'The delete failed');
      if (res) dispatch({ type: 'removed', nodeId: node.nodeId });
      return res !== undefined;
    },
    [attempt],
  );

  /** Fetches a signed download URL and navigates to it; the server sends the file as an attachment. */
  const download = useCallback(
    async (node: FileNode) => {
      const res = await attempt(() => files.downloadUrl(node.nodeId), 'The download failed');
      if (res) window.location.assign(res.value);
    },
    [attempt],
  );

  const sortBy = useCallback((column: SortColumn) => dispatch({ type: 'sorted', column }), []);
  const rows = useMemo(() => visibleRows(state), [state]);

  return {
    state,
    rows,
    loading,
    loadingMore: loadingMore > 0,
    error,
    clearError: () => setError(null),
    actions: {
      loadRoots,
      toggle,
      open,
      reveal,
      createDirectory,
      fileAdded,
      rename,
      move,
      remove,
      download,
      sortBy,
    },
  };
}

/** The actions `useFileTree` offers. */
export type TreeActions = ReturnType<typeof useFileTree>['actions'];
