import { useCallback } from 'react';
import { uploads } from '../upload/upload-store.ts';
import { useAlbumCache } from './album-cache.ts';

/**
 * Uploads files into an album (its id and name, which the panel shows) through the site's Uploads panel; each photo shows in the album's cached pages as it
 * lands (upload/upload-store.ts does the converting and the calls).
 */
export function useAddPhotos() {
  const cache = useAlbumCache();
  return useCallback(
    (album: { photoAlbumId: string; name: string }, files: File[]) =>
      uploads.start(album, files, (image) => cache.addImage(image)),
    [cache],
  );
}
