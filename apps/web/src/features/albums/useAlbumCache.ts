import { useQueryClient } from '@tanstack/react-query';
import type { Image, PhotoAlbum } from '@site/contract';
import { useMemo } from 'react';
import { albumKeys } from './api/queries.ts';

/** Writes to the cached album reads, so every screen shows a change the moment it is known. */
export function useAlbumCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** Replaces the user's album list (for local reordering). */
      setAlbums(update: (albums: PhotoAlbum[]) => PhotoAlbum[]) {
        queryClient.setQueryData<PhotoAlbum[]>(albumKeys.list, (albums) =>
          albums ? update(albums) : albums,
        );
      },
      /** Stores an album as the server answered it, in its own entry and in the list. */
      putAlbum(album: PhotoAlbum) {
        queryClient.setQueryData(albumKeys.album(album.photoAlbumId), album);
        queryClient.setQueryData<PhotoAlbum[]>(albumKeys.list, (albums) => {
          if (!albums) return albums;
          const known = albums.some((a) => a.photoAlbumId === album.photoAlbumId);
          return known
            ? albums.map((a) => (a.photoAlbumId === album.photoAlbumId ? album : a))
            : [...albums, album];
        });
      },
      /** Forgets a deleted album; the others' ranks close the gap as the server's do. */
      dropAlbum(photoAlbumId: string) {
        queryClient.setQueryData<PhotoAlbum[]>(albumKeys.list, (albums) => {
          const gone = albums?.find((a) => a.photoAlbumId === photoAlbumId);
          if (!albums || !gone) return albums;
          return albums
            .filter((a) => a !== gone)
            .map((a) => (a.ownerId === gone.ownerId && a.rank > gone.rank ? { ...a, rank: a.rank - 1 } : a));
        });
        queryClient.removeQueries({ queryKey: albumKeys.album(photoAlbumId) });
        queryClient.removeQueries({ queryKey: albumKeys.images(photoAlbumId) });
      },
      /** Replaces an album's image list. */
      setImages(photoAlbumId: string, update: (images: Image[]) => Image[]) {
        queryClient.setQueryData<Image[]>(albumKeys.images(photoAlbumId), (images) =>
          images ? update(images) : images,
        );
      },
      /** Reloads what the server derives (an album's thumbnail) after its first image may have changed. */
      refreshAlbum(photoAlbumId: string) {
        void queryClient.invalidateQueries({ queryKey: albumKeys.album(photoAlbumId) });
        void queryClient.invalidateQueries({ queryKey: albumKeys.list });
      },
      /** Reloads everything of the album area, to get back in step after a refused change. */
      reloadAll() {
        // Signed URLs stay: they are still good, and re-signing them would reload every picture.
        void queryClient.invalidateQueries({
          predicate: (q) =>
            q.queryKey[0] === albumKeys.all[0] && !String(q.queryKey[1]).startsWith('signed-urls'),
        });
      },
    }),
    [queryClient],
  );
}
