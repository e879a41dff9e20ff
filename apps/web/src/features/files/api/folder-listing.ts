import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { maxPageSize } from '@site/contract';
import { retryReads } from '../../../api/failure.ts';
import { fileKeys } from './file-keys.ts';
import { listPage } from './file-nodes.ts';

/** The first page of a listing: enough rows to fill a tall screen, small enough to arrive at once. */
const firstPageSize = 100;

/** One page of a listing as the server sent it, with the cursor of the next one. */
export type ListingPage = Awaited<ReturnType<typeof listPage>>;

/** A listing as it is cached: its pages so far, each with the cursor it was asked for (null: the first). */
export type ListingData = InfiniteData<ListingPage, string | null>;

/**
 * What a folder holds (null: the top level), in the server's keyset pages: the first one small so rows show at
 * once, the rest as large as the server allows.
 */
const listingOptions = (folderId: string | null) =>
  infiniteQueryOptions({
    queryKey: fileKeys.listing(folderId),
    queryFn: ({ pageParam }) =>
      listPage(
        folderId,
        pageParam === null ? { limit: firstPageSize } : { limit: maxPageSize, after: pageParam },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    retry: retryReads,
  });

/**
 * Reads a folder's listing to its end, page after page, while the screen shows it: sorting by name or by size is
 * over the whole folder. Stops at a failed page (the listing's error says why); a refetch on the way (after a
 * change) is let finish first, as it reads the pages so far again.
 */
export function useFolderReading(folderId: string | null) {
  const { hasNextPage, isFetching, isError, fetchNextPage } = useInfiniteQuery(listingOptions(folderId));
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
}
