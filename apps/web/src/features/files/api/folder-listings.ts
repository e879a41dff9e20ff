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

/** A node moved in the cache may come again in a page read afterwards: the first copy stands. */
function nodesOf(data: ListingData): FileNode[] {
  const byId = new Map<string, FileNode>();
  for (const page of data.pages)
    for (const node of page.nodes) if (!byId.has(node.nodeId)) byId.set(node.nodeId, node);
  return [...byId.values()];
}

/** Each state a listing has been in, as the screen shows it: a state is a new object at each change. */
const shown = new WeakMap<NonNullable<ListingState>, Listing>();

function listingOf(state: ListingState): Listing {
  if (!state) return notRead;
  let listing = shown.get(state);
  if (!listing) {
    const { data, status, error } = state;
    listing = {
      nodes: data && nodesOf(data),
      loadingMore: status !== 'error' && data?.pages.at(-1)?.next !== undefined,
      error: status === 'error' ? error : null,
    };
    shown.set(state, listing);
  }
  return listing;
}

/** Reads the listings of `folderIds` from the cache, answering the same map until one of them changes. */
function listingsReader(queryClient: QueryClient, folderIds: readonly (string | null)[]) {
  let states: ListingState[] = [];
  let listings = new Map<string | null, Listing>();
  return () => {
    const now = folderIds.map((id) => queryClient.getQueryState<ListingData, Error>(fileKeys.listing(id)));
    if (now.length === states.length && now.every((state, i) => state === states[i])) return listings;
    listings = new Map(folderIds.map((id, i) => [id, listingOf(now[i])]));
    states = now;
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
