import { useQueryClient, type QueryClient, type QueryState } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { FileNode } from '@site/contract';
import { fileKeys } from './file-keys.ts';
import type { ListingData } from './folder-listing.ts';

/** What the screen shows of one folder's listing. */
export interface Listing {
  /** Every node read so far, once per node; undefined before the first page. */
  nodes: readonly FileNode[] | undefined;
  /** Pages are still to come. */
  loadingMore: boolean;
  /** Why the last read failed, while it stands. */
  error: Error | null;
}

type ListingState = QueryState<ListingData, Error> | undefined;

const notRead: Listing = { nodes: undefined, loadingMore: false, error: null };

/** The nodes of each listing read, once per node: a node moved in the cache may come again in a later page. */
const nodesRead = new WeakMap<ListingData, FileNode[]>();

function nodesOf(data: ListingData): FileNode[] {
  let nodes = nodesRead.get(data);
  if (!nodes) {
    const byId = new Map<string, FileNode>();
    for (const page of data.pages)
      for (const node of page.nodes) if (!byId.has(node.nodeId)) byId.set(node.nodeId, node);
    nodes = [...byId.values()];
    nodesRead.set(data, nodes);
  }
  return nodes;
}

function listingOf(state: ListingState): Listing {
  if (!state) return notRead;
  const { data, status, error } = state;
  return {
    nodes: data && nodesOf(data),
    loadingMore: status !== 'error' && data?.pages.at(-1)?.next !== undefined,
    error: status === 'error' ? error : null,
  };
}

const sameListing = (a: Listing | undefined, b: Listing) =>
  a !== undefined && a.nodes === b.nodes && a.loadingMore === b.loadingMore && a.error === b.error;

/**
 * Reads the listings of `folderIds` from the cache, answering the same map until what the screen shows of one
 * changes (not when a fetch merely starts): each change re-sorts the rows.
 */
function listingsReader(queryClient: QueryClient, folderIds: readonly (string | null)[]) {
  let listings = new Map<string | null, Listing>();
  return () => {
    const now = folderIds.map((id) =>
      listingOf(queryClient.getQueryState<ListingData, Error>(fileKeys.listing(id))),
    );
    if (
      listings.size === folderIds.length &&
      folderIds.every((id, i) => sameListing(listings.get(id), now[i]!))
    )
      return listings;
    listings = new Map(folderIds.map((id, i) => [id, now[i]!]));
    return listings;
  };
}

/**
 * The cached listings of `folderIds` (null: the top level), kept current as pages arrive and actions change them.
 * It only reads: each folder shown is read by its own `useFolderReading`.
 */
export function useFolderListings(
  folderIds: readonly (string | null)[],
): ReadonlyMap<string | null, Listing> {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = useMemo(() => listingsReader(queryClient, folderIds), [queryClient, folderIds]);
  return useSyncExternalStore(subscribe, read);
}
