import { useCallback } from 'react';
import { tsr } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';
import { useAlbumCache } from './album-cache.ts';

/**
 * Tells the server the user has seen an album (it only feeds notifications, so any answer will do); the album list
 * is read again, as the album is no longer new in it.
 */
export function useMarkAlbumViewed() {
  const cache = useAlbumCache();
  return useCallback(
    (photoAlbumId: string) =>
      anyAnswer(tsr.albums.albumViewed.mutate({ params: { photoAlbumId } })).then(() => cache.refreshList()),
    [cache],
  );
}

/** Tells the server the user has seen an image (it only feeds notifications, so any answer will do). */
export const markImageViewed = (photoAlbumId: string, imageId: string) =>
  anyAnswer(tsr.albums.imageViewed.mutate({ params: { photoAlbumId, imageId } }));
