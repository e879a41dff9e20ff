import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FileNode } from '@site/contract';
import { chainOf, type NodeIndex } from '../tree.ts';
import { fileKeys } from './file-keys.ts';
import type { ListingData } from './folder-listing.ts';

/**
 * How the Files screen's cached listings follow what the server has done, without reading them again: each
 * change is applied to the pages as they are cached, and the folders above a node grow or shrink by its size.
 */

/** What happens to each cached node: kept as is, replaced, or (null) taken out. */
type NodeChange = (node: FileNode) => FileNode | null;

/** Every node of every cached listing, by id. */
function cachedNodes(queryClient: QueryClient): NodeIndex {
  const nodes: Record<string, FileNode> = {};
  for (const [, data] of queryClient.getQueriesData<ListingData>({ queryKey: fileKeys.listings }))
    for (const page of data?.pages ?? []) for (const node of page.nodes) nodes[node.nodeId] = node;
  return nodes;
}

/** The listing with `change` applied, or the same object when it changes nothing. */
function changed(data: ListingData, change: NodeChange): ListingData {
  const pages = data.pages.map((page) => {
    const nodes = page.nodes.flatMap((node) => {
      const after = change(node);
      return after ? [after] : [];
    });
    const same = nodes.length === page.nodes.length && nodes.every((node, i) => node === page.nodes[i]);
    return same ? page : { ...page, nodes };
  });
  return pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };
}

/**
 * Writes `update` into every cached listing it changes. A page on its way to one of them is called off first, as
 * its answer would be written over the change (the screen asks for it again).
 */
async function updateListings(
  queryClient: QueryClient,
  update: (data: ListingData, key: QueryKey) => ListingData,
) {
  const touched = queryClient
    .getQueriesData<ListingData>({ queryKey: fileKeys.listings })
    .filter(([key, data]) => data && update(data, key) !== data)
    .map(([key]) => key);
  await Promise.all(touched.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
  for (const queryKey of touched)
    queryClient.setQueryData<ListingData>(queryKey, (data) => data && update(data, queryKey));
  // The Move to… dialog lists folders afresh too.
  await queryClient.invalidateQueries({ queryKey: fileKeys.subfolderLists });
}

/** Each folder named in `deltas` (where cached) grows by its delta. */
function resize(deltas: ReadonlyMap<string, number>): NodeChange {
  return (node) => {
    const delta = deltas.get(node.nodeId) ?? 0;
    return delta === 0 ? node : { ...node, size: node.size + delta };
  };
}

/** Adds `delta` to each of `ids` in `deltas`. */
function addTo(deltas: Map<string, number>, ids: readonly string[], delta: number) {
  for (const id of ids) deltas.set(id, (deltas.get(id) ?? 0) + delta);
}

/** `data` with `node` at the end of its last page, unless it is there already. */
function appended(data: ListingData, node: FileNode): ListingData {
  if (data.pages.some((page) => page.nodes.some((n) => n.nodeId === node.nodeId))) return data;
  const last = data.pages.at(-1);
  if (!last) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, nodes: [...last.nodes, node] }] };
}

const isListingOf = (key: QueryKey, folderId: string | null) => key[2] === folderId;

/** A folder was created or a file finished uploading: it shows in its folder, and the folders above grow. */
export async function nodeAdded(queryClient: QueryClient, node: FileNode) {
  const nodes = cachedNodes(queryClient);
  const deltas = new Map<string, number>();
  if (!nodes[node.nodeId]) addTo(deltas, chainOf(nodes, node.parentId), node.size);
  await updateListings(queryClient, (data, key) =>
    changed(isListingOf(key, node.parentId) ? appended(data, node) : data, resize(deltas)),
  );
}

/** A node was renamed: `node` is the server's answer. */
export async function nodeRenamed(queryClient: QueryClient, node: FileNode) {
  await updateListings(queryClient, (data) =>
    changed(data, (n) => (n.nodeId === node.nodeId ? { ...n, name: node.name } : n)),
  );
}

/** A node went to the Trash with everything in it: the folders above shrink. */
export async function nodeRemoved(queryClient: QueryClient, nodeId: string) {
  const nodes = cachedNodes(queryClient);
  const node = nodes[nodeId];
  if (!node) return;
  const deltas = new Map<string, number>();
  addTo(deltas, chainOf(nodes, node.parentId), -node.size);
  const change = resize(deltas);
  await updateListings(queryClient, (data) => changed(data, (n) => (n.nodeId === nodeId ? null : change(n))));
}

/**
 * A node was moved: `node` is the server's answer, under its new parent. `path` (the folders from the top down to
 * the new parent) says which folders grow when the new parent is not cached (the Move to… dialog reaches those).
 */
export async function nodeMoved(queryClient: QueryClient, node: FileNode, path?: readonly string[]) {
  const nodes = cachedNodes(queryClient);
  const before = nodes[node.nodeId];
  const deltas = new Map<string, number>();
  if (before) addTo(deltas, chainOf(nodes, before.parentId), -before.size);
  addTo(deltas, path ?? chainOf(nodes, node.parentId), node.size);
  const change = resize(deltas);
  await updateListings(queryClient, (data, key) => {
    const without = changed(data, (n) => (n.nodeId === node.nodeId ? null : change(n)));
    return isListingOf(key, node.parentId) ? appended(without, node) : without;
  });
}
