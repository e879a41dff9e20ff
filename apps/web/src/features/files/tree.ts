import type { FileNode } from '@site/contract';

/** The column the table is sorted by. */
export type SortColumn = 'Name' | 'Size';
/** Ascending or descending. */
export type SortOrder = 'Asc' | 'Desc';

/** What the Files screen knows: the nodes loaded so far by id, which folders are open, and the sort. */
export interface TreeState {
  nodes: Readonly<Record<string, FileNode>>;
  open: ReadonlySet<string>;
  sort: { column: SortColumn; order: SortOrder };
}

/** Nothing loaded, every folder closed, sorted by Name ascending. */
export const initialTree: TreeState = { nodes: {}, open: new Set(), sort: { column: 'Name', order: 'Asc' } };

/** Everything that changes the tree. Each one reports what the server has already done (server first). */
export type TreeAction =
  /** The roots were (re)loaded: they replace every node, and every folder is closed again. */
  | { type: 'rootsLoaded'; roots: FileNode[] }
  /** A folder's children were loaded: they replace the ones known before, then the folder is open. */
  | { type: 'opened'; nodeId: string; children: FileNode[] }
  /**
   * Pages of a listing arrived (`nodeId` null: the roots): `children` holds every node loaded so far and
   * replaces what was known of them; once `complete`, the ones not among them are gone. `open` also opens the
   * folder (its first page), while later pages leave a folder closed if it was closed meanwhile.
   */
  | { type: 'childrenLoaded'; nodeId: string | null; children: FileNode[]; complete: boolean; open: boolean }
  /** A folder was closed; what was loaded under it is kept. */
  | { type: 'closed'; nodeId: string }
  /** A folder or file was created; the folders above it grow by its size. */
  | { type: 'added'; node: FileNode }
  /** A node and everything under it were deleted; the folders above shrink by its size. */
  | { type: 'removed'; nodeId: string }
  /**
   * A node was moved under `parentId` (null: the roots); sizes move with it. `path` holds the folders from the top
   * down to `parentId`: the Move to… dialog reaches folders not loaded here, and the loaded ones above still grow.
   */
  | { type: 'moved'; nodeId: string; parentId: string | null; path?: readonly string[] }
  /** A node was renamed; `node` is the server's answer. */
  | { type: 'renamed'; node: FileNode }
  /** A column header was clicked: the active column flips its order, another one becomes active, ascending. */
  | { type: 'sorted'; column: SortColumn };

/** The ids of `folderId` and the folders above it that are loaded, nearest first. */
export function chainOf(nodes: TreeState['nodes'], folderId: string | null): string[] {
  const chain: string[] = [];
  let node = folderId === null ? undefined : nodes[folderId];
  while (node && !chain.includes(node.nodeId)) {
    chain.push(node.nodeId);
    node = node.parentId === null ? undefined : nodes[node.parentId];
  }
  return chain;
}

/** `nodeId` and every loaded node under it. */
export function subtreeOf(nodes: TreeState['nodes'], nodeId: string): Set<string> {
  const found = new Set([nodeId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of Object.values(nodes)) {
      if (node.parentId !== null && found.has(node.parentId) && !found.has(node.nodeId)) {
        found.add(node.nodeId);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Whether dropping `nodeId` on `targetId` (null: the roots) means a move: not onto itself, not onto a file, not
 * into its own subtree, and not where it already is. Every other drop is ignored.
 */
export function canDrop(state: TreeState, nodeId: string, targetId: string | null): boolean {
  const node = state.nodes[nodeId];
  if (!node || node.parentId === targetId) return false;
  if (targetId === null) return true;
  const target = state.nodes[targetId];
  return !!target && target.isDirectory && !chainOf(state.nodes, targetId).includes(nodeId);
}

/** A folder on the way down from the top level, as the Move to… dialog shows it. */
export interface Place {
  nodeId: string;
  name: string;
}

/** The loaded folders from the top level down to `folderId` (none for the top level itself). */
export function placesTo(nodes: TreeState['nodes'], folderId: string | null): Place[] {
  return chainOf(nodes, folderId)
    .reverse()
    .flatMap((id) => {
      const node = nodes[id];
      return node ? [{ nodeId: id, name: node.name }] : [];
    });
}

function withSizes(nodes: Record<string, FileNode>, folderId: string | null, delta: number) {
  if (delta === 0) return;
  for (const id of chainOf(nodes, folderId)) {
    const node = nodes[id];
    if (node) nodes[id] = { ...node, size: node.size + delta };
  }
}

function without(set: ReadonlySet<string>, ids: Iterable<string>): Set<string> {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
}

/** The one place the Files screen's state changes. */
export function treeReducer(state: TreeState, action: TreeAction): TreeState {
  switch (action.type) {
    case 'rootsLoaded':
      return { ...state, nodes: Object.fromEntries(action.roots.map((n) => [n.nodeId, n])), open: new Set() };
    case 'opened':
      return treeReducer(state, { ...action, type: 'childrenLoaded', complete: true, open: true });
    case 'childrenLoaded': {
      const { nodeId, children, complete } = action;
      const fresh = new Set(children.map((c) => c.nodeId));
      const stale = complete
        ? Object.values(state.nodes).filter((n) => n.parentId === nodeId && !fresh.has(n.nodeId))
        : [];
      const gone = stale.flatMap((n) => [...subtreeOf(state.nodes, n.nodeId)]);
      const nodes = { ...state.nodes };
      for (const id of gone) delete nodes[id];
      for (const child of children) nodes[child.nodeId] = child;
      const open = without(state.open, gone);
      if (action.open && nodeId !== null) open.add(nodeId);
      return { ...state, nodes, open };
    }
    case 'closed':
      return { ...state, open: without(state.open, [action.nodeId]) };
    case 'added': {
      const nodes = { ...state.nodes, [action.node.nodeId]: action.node };
      if (!state.nodes[action.node.nodeId]) withSizes(nodes, action.node.parentId, action.node.size);
      return { ...state, nodes };
    }
    case 'removed': {
      const node = state.nodes[action.nodeId];
      if (!node) return state;
      const gone = subtreeOf(state.nodes, node.nodeId);
      const nodes = { ...state.nodes };
      for (const id of gone) delete nodes[id];
      withSizes(nodes, node.parentId, -node.size);
      return { ...state, nodes, open: without(state.open, gone) };
    }
    case 'moved': {
      const node = state.nodes[action.nodeId];
      if (node && action.parentId !== null && !state.nodes[action.parentId]) {
        // Into a folder not loaded here: the node leaves the table until its new folder is opened.
        const gone = subtreeOf(state.nodes, node.nodeId);
        const nodes = { ...state.nodes };
        for (const id of gone) delete nodes[id];
        withSizes(nodes, node.parentId, -node.size);
        for (const id of action.path ?? []) {
          const above = nodes[id];
          if (above) nodes[id] = { ...above, size: above.size + node.size };
        }
        return { ...state, nodes, open: without(state.open, gone) };
      }
      if (!node || !canDrop(state, action.nodeId, action.parentId)) return state;
      const nodes = { ...state.nodes, [node.nodeId]: { ...node, parentId: action.parentId } };
      withSizes(nodes, node.parentId, -node.size);
      withSizes(nodes, action.parentId, node.size);
      return { ...state, nodes };
    }
    case 'renamed': {
      const node = state.nodes[action.node.nodeId];
      return node
        ? { ...state, nodes: { ...state.nodes, [node.nodeId]: { ...node, name: action.node.name } } }
        : state;
    }
    case 'sorted': {
      const { column, order } = state.sort;
      const flipped: SortOrder = order === 'Asc' ? 'Desc' : 'Asc';
      return {
        ...state,
        sort: column === action.column ? { column, order: flipped } : { column: action.column, order: 'Asc' },
      };
    }
    default:
      console.warn('no handler for', action);
      return state;
  }
}
