import type { QueryClient } from '@tanstack/react-query';
import { nextPageHeader, totalCountHeader, type ImageComment } from '@site/contract';
import { useMemo } from 'react';
import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

/** Cache keys of the album screens; every cached read and write goes through these. */
export const albumKeys = {
  all: ['albums'] as const,
  list: ['albums', 'list'] as const,
  album: (photoAlbumId: string) => ['albums', 'album', photoAlbumId] as const,
  images: (photoAlbumId: string) => ['albums', 'images', photoAlbumId] as const,
  /** The viewer's pages, read around the photo `imageId` (all of an album's without it). */
  around: (photoAlbumId: string, imageId?: string) =>
    ['albums', 'images', photoAlbumId, 'around', ...(imageId ? [imageId] : [])] as const,
  shares: (photoAlbumId: string) => ['albums', 'shares', photoAlbumId] as const,
  comments: (imageId: string) => ['albums', 'comments', imageId] as const,
};

/** Comments oldest first. */
export const oldestFirst = (comments: readonly ImageComment[]) =>
  [...comments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));

// An answer this young is not asked again when the screen mounts: the one the route's loader started is enough.
const justRead = 5_000;

/** Every album the user may see: their own and those shared with them. */
export const useAlbumList = () =>
  tsr.albums.list.useQuery({
    queryKey: albumKeys.list,
    select: (answer) => answer.body,
    retry: retryReads,
    staleTime: justRead,
  });

/** Starts reading the album list before its screen's chunk has arrived; useAlbumList then finds it cached. */
export const prefetchAlbumList = (queryClient: QueryClient) =>
  tsr
    .initQueryClient(queryClient)
    .albums.list.prefetchQuery({ queryKey: albumKeys.list, staleTime: justRead });

/** One album; fails with an ApiFailure the screen turns into 'Not Found' or the verify notice. */
export const useAlbum = (photoAlbumId: string) =>
  tsr.albums.get.useQuery({
    queryKey: albumKeys.album(photoAlbumId),
    queryData: { params: { photoAlbumId } },
    select: (answer) => answer.body,
    retry: retryReads,
  });

/** Photos in a page of an album: about a screenful of thumbnails on a large desktop screen, twice on a phone. */
export const imagePageSize = 240;

/**
 * The album's images in its order (by hand or by date taken), as the server lists them, a page at a time: `data`
 * the pages read so far as one list, `total` how many the album holds, `fetchNextPage` to read on.
 */
export function useImages(photoAlbumId: string, enabled = true) {
  const query = tsr.albums.images.useInfiniteQuery({
    queryKey: albumKeys.images(photoAlbumId),
    queryData: ({ pageParam }) => ({
      params: { photoAlbumId },
      query: { limit: imagePageSize, ...(typeof pageParam === 'string' ? { after: pageParam } : {}) },
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { headers: Headers }) => last.headers.get(nextPageHeader) ?? undefined,
    retry: retryReads,
    enabled,
  });
  const pages = query.data?.pages;
  const data = useMemo(() => pages?.flatMap((page) => page.body), [pages]);
  const total = Number(pages?.[0]?.headers.get(totalCountHeader) ?? data?.length ?? 0);
  return { ...query, data, total: Math.max(total, data?.length ?? 0) };
}

/** The addresses the album is shared with, each with its role (owner only). */
export const useShareRoles = (photoAlbumId: string, enabled: boolean) =>
  tsr.albums.shareRoles.useQuery({
    queryKey: albumKeys.shares(photoAlbumId),
    queryData: { params: { photoAlbumId } },
    select: (answer) => answer.body,
    retry: retryReads,
    enabled,
  });

/** The comments on an image, oldest first. */
export const useComments = (photoAlbumId: string, imageId: string) =>
  tsr.albums.comments.useQuery({
    queryKey: albumKeys.comments(imageId),
    queryData: { params: { photoAlbumId, imageId } },
    select: (answer) => oldestFirst(answer.body),
    retry: retryReads,
  });
