import type { InfiniteData } from '@tanstack/react-query';
import { nextPageHeader, pageStartHeader, previousPageHeader, totalCountHeader } from '@site/contract';
import { useMemo, useState } from 'react';
import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';
import type { ImagesPage } from '../common/image-pages.ts';
import { albumKeys, imagePageSize } from './queries.ts';

/** Where a page of the viewer's photos starts: around a photo, after or before a cursor, or (empty) the album's start. */
type PageAt = { around?: string; after?: string; before?: string };

/**
 * The grid's pages as the viewer's, when they hold `imageId`: opened from the grid, the viewer asks for nothing
 * more until it steps past them.
 */
function gridPages(data: InfiniteData<ImagesPage> | undefined, imageId: string) {
  if (!data?.pages.some((page) => page.body.some((image) => image.imageId === imageId))) return undefined;
  const pageParams = data.pageParams.map((cursor): PageAt =>
    typeof cursor === 'string' ? { after: cursor } : {},
  );
  return { pages: data.pages, pageParams };
}

/**
 * The photos the viewer steps through, read around the photo it opened on (`imageId` on a deep link: no page before
 * it is read) or taken from the grid's pages, then a page further each way as the steps reach either end: `data`
 * those photos in order, `start` where the first stands in the album, `total` how many it holds.
 */
export function useImagesAround(photoAlbumId: string, imageId: string, enabled: boolean) {
  const queryClient = tsr.useQueryClient();
  // The photo the pages were read around; another one is only needed when a link leads outside them.
  const [anchor, setAnchor] = useState(imageId);
  const query = tsr.albums.images.useInfiniteQuery({
    queryKey: albumKeys.around(photoAlbumId, anchor),
    queryData: ({ pageParam }) => ({
      params: { photoAlbumId },
      query: { limit: imagePageSize, ...(pageParam as PageAt) },
    }),
    initialPageParam: { around: anchor },
    initialData: () =>
      gridPages(queryClient.getQueryData<InfiniteData<ImagesPage>>(albumKeys.images(photoAlbumId)), anchor),
    initialDataUpdatedAt: () => queryClient.getQueryState(albumKeys.images(photoAlbumId))?.dataUpdatedAt,
    getNextPageParam: (last: { headers: Headers }): PageAt | undefined => {
      const after = last.headers.get(nextPageHeader);
      return after ? { after } : undefined;
    },
    getPreviousPageParam: (first: { headers: Headers }): PageAt | undefined => {
      const before = first.headers.get(previousPageHeader);
      return before ? { before } : undefined;
    },
    retry: retryReads,
    enabled,
  });
  const pages = query.data?.pages;
  const { data, start, total } = useMemo(() => {
    const data = pages?.flatMap((page) => page.body) ?? [];
    // The around page says where it starts; the pages read before it move the start back by their length.
    const at = pages?.findIndex((page) => page.headers.has(pageStartHeader)) ?? -1;
    const before = pages?.slice(0, Math.max(0, at)).reduce((sum, page) => sum + page.body.length, 0) ?? 0;
    const start = at < 0 ? 0 : Number(pages![at]!.headers.get(pageStartHeader)) - before;
    const counted = pages?.find((page) => page.headers.has(totalCountHeader))?.headers.get(totalCountHeader);
    return { data, start, total: Math.max(Number(counted ?? 0), start + data.length) };
  }, [pages]);
  if (imageId !== anchor && query.data && !data.some((image) => image.imageId === imageId))
    setAnchor(imageId);
  return { ...query, data, start, total };
}
